import type { FileChange } from './model.js';
import { createRng, type Rng } from './rng.js';
import { words } from './ugly-text.js';

const PATHS = [
  'README.md',
  'package.json',
  'src/index.ts',
  'src/app.tsx',
  'src/lib/api-client.ts',
  'src/components/button.tsx',
  'docs/ünïcode ファイル名.md',
  'test/fixtures/<script>.html',
  'a/very/deeply/nested/directory/structure/that/goes/on/and/on/for/a/while/component-with-long-name.ts',
  '.github/workflows/ci.yml',
] as const;

function patchFor(rng: Rng, additions: number, deletions: number): string {
  const lines = [`@@ -1,${deletions + 2} +1,${additions + 2} @@`, ' context line'];
  for (let i = 0; i < deletions; i++) lines.push(`-${words(rng, 4)}`);
  for (let i = 0; i < additions; i++) lines.push(`+${words(rng, 4)}`);
  lines.push(' context line');
  return lines.join('\n');
}

/** The files a commit touches, derived from its SHA so every request sees the same list. */
export function generateCommitFiles(seed: number | string, sha: string): FileChange[] {
  const rng = createRng(seed, 'files', sha);
  return rng.sample(PATHS, rng.int(1, 6)).map((filename): FileChange => {
    const status = rng.pick([
      'modified',
      'modified',
      'modified',
      'added',
      'removed',
      'renamed',
    ] as const);
    const additions = status === 'removed' ? 0 : rng.int(0, 12);
    const deletions = status === 'added' ? 0 : rng.int(0, 8);
    const change: FileChange = {
      filename,
      status,
      additions,
      deletions,
      patch: patchFor(rng, additions, deletions),
    };
    if (status === 'renamed') change.previousFilename = `old/${filename}`;
    return change;
  });
}

/** An initial commit large enough to need the commit endpoint's file pagination (over 300). */
export function generateInitialFiles(rng: Rng, count: number): FileChange[] {
  return Array.from({ length: count }, (_, i): FileChange => {
    const additions = rng.int(1, 40);
    return {
      filename: `src/module-${String(i).padStart(3, '0')}.ts`,
      status: 'added',
      additions,
      deletions: 0,
    };
  });
}
