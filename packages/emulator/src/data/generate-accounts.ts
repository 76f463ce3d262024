import type { Account } from './model.js';
import type { Rng } from './rng.js';
import { UNICODE_SNIPPETS, words } from './ugly-text.js';

/** The demo account: owns the most repositories, pull requests and Vercel projects. */
export const DEMO_LOGIN = 'octocat';
export const ORG_LOGIN = 'shipdeck-labs';
export const DEPENDABOT_LOGIN = 'dependabot[bot]';
export const VERCEL_BOT_LOGIN = 'vercel[bot]';

interface AccountSeed {
  id: number;
  login: string;
  type: Account['type'];
  name: string | null;
  extra?: Partial<Account>;
}

const FIXED_ACCOUNTS: readonly AccountSeed[] = [
  {
    id: 583231,
    login: DEMO_LOGIN,
    type: 'User',
    name: 'The Octocat',
    extra: {
      company: '@shipdeck-labs',
      blog: 'https://github.blog',
      location: 'San Francisco 🌉',
      bio: 'Demo account of the Shipdeck provider emulator. <b>Not</b> a real person 🐙',
      twitterUsername: 'github',
      publicEmail: 'octocat@example.com',
      followers: 18234,
      following: 9,
      publicGists: 8,
      privateGists: 2,
      twoFactorAuthentication: true,
    },
  },
  {
    id: 480938,
    login: 'hubot',
    type: 'User',
    name: 'Hubot',
    extra: { bio: 'Chat bot. Beep boop.' },
  },
  {
    id: 2918581,
    login: 'monalisa',
    type: 'User',
    name: 'Mona Lisa Octocat',
    extra: { location: 'Paris, 🇫🇷', company: null },
  },
  { id: 7001001, login: 'zoe-unicode', type: 'User', name: 'Zoë Ünïcødé 🦄 (ゾーイ)' },
  {
    id: 7001002,
    // GitHub's maximum login length is 39 characters.
    login: 'a-very-long-login-name-for-layout-tests',
    type: 'User',
    name: null,
  },
  { id: 7001003, login: 'xss-tester', type: 'User', name: '<script>alert("name")</script>' },
  { id: 49699333, login: DEPENDABOT_LOGIN, type: 'Bot', name: null },
  { id: 35613825, login: VERCEL_BOT_LOGIN, type: 'Bot', name: null },
  {
    id: 9100001,
    login: ORG_LOGIN,
    type: 'Organization',
    name: 'Shipdeck Labs',
    extra: { blog: 'https://example.com', location: 'Everywhere 🌍' },
  },
];

/** Logins that are people (not bots or organisations), handy for picking authors. */
export function isPerson(account: Account): boolean {
  return account.type === 'User';
}

function emailsFor(
  login: string,
  type: Account['type'],
  publicEmail: string | null,
): Account['emails'] {
  if (type !== 'User') return [];
  const primary = publicEmail ?? `${login}@example.com`;
  return [
    {
      email: primary,
      primary: true,
      verified: true,
      visibility: publicEmail ? 'public' : 'private',
    },
    {
      email: `${login}@users.noreply.github.com`,
      primary: false,
      verified: true,
      visibility: null,
    },
    { email: `${login}.old@example.org`, primary: false, verified: false, visibility: null },
  ];
}

export function generateAccounts(rng: Rng, extraUsers: number, now: number): Account[] {
  const seeds: AccountSeed[] = [...FIXED_ACCOUNTS];
  for (let i = 1; i <= extraUsers; i++) {
    const unicodeName = rng.chance(0.3);
    seeds.push({
      id: 8000000 + i,
      login: `dev-${words(rng, 1)}-${i}`,
      type: 'User',
      name: unicodeName
        ? rng.pick(UNICODE_SNIPPETS).slice(0, 40)
        : rng.chance(0.2)
          ? null
          : `Dev ${i}`,
    });
  }
  const accounts = seeds.map((seed): Account => {
    const created = now - rng.int(400, 4000) * 86_400_000;
    const publicEmail = seed.extra?.publicEmail ?? null;
    return {
      id: seed.id,
      login: seed.login,
      type: seed.type,
      name: seed.name,
      company: null,
      blog: null,
      location: null,
      bio: null,
      twitterUsername: null,
      hireable: seed.type === 'User' ? rng.chance(0.3) : null,
      publicEmail,
      emails: emailsFor(seed.login, seed.type, publicEmail),
      followers: rng.int(0, 400),
      following: rng.int(0, 80),
      publicGists: rng.int(0, 20),
      privateGists: rng.int(0, 5),
      twoFactorAuthentication: rng.chance(0.7),
      createdAt: new Date(created).toISOString(),
      updatedAt: new Date(now - rng.int(1, 90) * 86_400_000).toISOString(),
      memberIds: [],
      ...seed.extra,
    };
  });
  const org = accounts.find((a) => a.login === ORG_LOGIN);
  if (org) org.memberIds = [583231, 480938, 2918581];
  return accounts;
}
