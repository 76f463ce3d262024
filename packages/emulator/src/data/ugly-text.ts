import type { Rng } from './rng.js';

// Real repositories are full of text that breaks naive UIs; the generator mixes these in on
// purpose so the dashboard meets them in demo mode and in tests, not first in production.

export const HOSTILE_TITLES = [
  '<script>alert("xss")</script> Fix login redirect',
  '<img src=x onerror=alert(1)> Update README',
  'Fix "quotes" & <ampersands> in the \'header\'',
  '"><svg/onload=confirm(document.domain)>',
  '{{constructor.constructor("alert(1)")()}} template injection test',
  "Robert'); DROP TABLE repositories;--",
  'javascript:alert(1)',
] as const;

export const UNICODE_SNIPPETS = [
  'Unicode ✓ naïve café résumé',
  '🚀 Ship it 🚢',
  '修复登录问题 (fix login)',
  'Исправить сборку',
  'إصلاح الخطأ في الصفحة الرئيسية',
  'עדכון תיעוד',
  '👩‍👩‍👧‍👦 family emoji with ZWJ',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇ text',
  'ゼロ幅\u200bスペース',
  '🏳️‍🌈🏴‍☠️🇺🇦 flags',
  'Tab\tseparated\tvalues',
  'Right-to-left \u202Eoverride\u202C mark',
  '𝕿𝖍𝖊 𝖖𝖚𝖎𝖈𝖐 𝖇𝖗𝖔𝖜𝖓 𝖋𝖔𝖝',
] as const;

const WORDS = [
  'refactor',
  'cache',
  'deploy',
  'pipeline',
  'router',
  'schema',
  'token',
  'session',
  'query',
  'layout',
  'theme',
  'sidebar',
  'webhook',
  'migration',
  'build',
  'lint',
  'bundle',
  'types',
  'auth',
  'graph',
  'chart',
  'avatar',
  'timeline',
  'search',
  'filter',
  'pagination',
  'retry',
  'logger',
  'metrics',
  'config',
  'docs',
  'tests',
  'ci',
  'preview',
  'release',
  'parser',
] as const;

const VERBS = [
  'Add',
  'Fix',
  'Update',
  'Remove',
  'Refactor',
  'Improve',
  'Bump',
  'Revert',
  'Tweak',
] as const;
const PREFIXES = ['feat', 'fix', 'chore', 'docs', 'refactor', 'perf', 'test', 'ci'] as const;

export function words(rng: Rng, count: number): string {
  return Array.from({ length: count }, () => rng.pick(WORDS)).join(' ');
}

/** A plausible one-line summary, sometimes hostile or unicode-laden. */
export function summaryLine(rng: Rng, uglyChance = 0.15): string {
  const roll = rng.next();
  if (roll < uglyChance / 2) return rng.pick(HOSTILE_TITLES);
  if (roll < uglyChance) return `${rng.pick(VERBS)} ${rng.pick(UNICODE_SNIPPETS)}`;
  if (roll < uglyChance + 0.02) return `${rng.pick(VERBS)} ${words(rng, 40)}`;
  if (rng.chance(0.5))
    return `${rng.pick(PREFIXES)}: ${rng.pick(VERBS).toLowerCase()} ${words(rng, rng.int(1, 5))}`;
  return `${rng.pick(VERBS)} ${words(rng, rng.int(1, 6))}`;
}

/** A commit message: one line, a line plus a body, or an absurdly long essay. */
export function commitMessage(rng: Rng, uglyChance = 0.15): string {
  const subject = summaryLine(rng, uglyChance);
  const roll = rng.next();
  if (roll < 0.55) return subject;
  if (roll < 0.97) {
    const bullets = Array.from({ length: rng.int(1, 4) }, () => `- ${words(rng, rng.int(3, 10))}`);
    return `${subject}\n\n${bullets.join('\n')}${rng.chance(0.3) ? '\n\nCo-authored-by: Mona Lisa <mona@example.com>' : ''}`;
  }
  const paragraphs = Array.from({ length: 30 }, () => words(rng, 30));
  return `${subject}\n\n${paragraphs.join('\n\n')}`;
}

/** A repository description: often ordinary, sometimes null, empty, huge, unicode or hostile. */
export function repoDescription(rng: Rng): string | null {
  const roll = rng.next();
  if (roll < 0.15) return null;
  if (roll < 0.2) return '';
  if (roll < 0.25) return rng.pick(HOSTILE_TITLES);
  if (roll < 0.35) return rng.pick(UNICODE_SNIPPETS);
  if (roll < 0.38) return `${words(rng, 60)} ${words(rng, 60)}`;
  return `${rng.pick(VERBS)} ${words(rng, rng.int(2, 9))}`.replace(/^./, (c) => c.toUpperCase());
}

/** A pull request body in Markdown, or null. */
export function pullBody(rng: Rng): string | null {
  const roll = rng.next();
  if (roll < 0.2) return null;
  if (roll < 0.25) return '';
  const lines = [
    '## What',
    words(rng, rng.int(5, 20)),
    '',
    '## Why',
    rng.chance(0.2) ? rng.pick(HOSTILE_TITLES) : words(rng, rng.int(5, 15)),
    '',
    '- [x] tests',
    `- [${rng.chance(0.5) ? 'x' : ' '}] docs`,
  ];
  if (rng.chance(0.2)) lines.push('', '```ts', 'const answer: number = 42;', '```');
  return lines.join('\r\n');
}

export function capitalise(text: string): string {
  return text.length === 0 ? text : text[0]?.toUpperCase() + text.slice(1);
}
