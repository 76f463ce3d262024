import { DEMO_LOGIN, ORG_LOGIN } from './generate-accounts.js';
import type { Account, Repo } from './model.js';
import type { Rng } from './rng.js';
import { repoDescription } from './ugly-text.js';

const DAY = 86_400_000;

const LANGUAGES = [
  'TypeScript',
  'TypeScript',
  'TypeScript',
  'JavaScript',
  'JavaScript',
  'Python',
  'Go',
  'Rust',
  'Ruby',
  'Java',
  'C',
  'C++',
  'Shell',
  'HTML',
  'CSS',
  'Swift',
  'Kotlin',
  'Vue',
  'Svelte',
  'Jupyter Notebook',
  'Dockerfile',
  'Elixir',
  'Zig',
] as const;
const ADJECTIVES = [
  'fluffy',
  'silent',
  'rapid',
  'crimson',
  'lazy',
  'brave',
  'tiny',
  'cosmic',
  'rusty',
  'quantum',
  'frozen',
  'golden',
  'hidden',
  'wobbly',
  'electric',
  'ancient',
  'shiny',
  'sleepy',
] as const;
const NOUNS = [
  'octo-engine',
  'waffle',
  'pipeline',
  'dashboard',
  'spork',
  'lighthouse',
  'garden',
  'robot',
  'compass',
  'kernel',
  'toolkit',
  'atlas',
  'sandbox',
  'monorepo',
  'cli',
  'api',
  'docs',
  'bot',
] as const;
const TOPICS = [
  'typescript',
  'react',
  'nextjs',
  'vercel',
  'github-api',
  'dashboard',
  'cli',
  'devops',
  'hacktoberfest',
] as const;
const LICENSES = ['mit', 'apache-2.0', 'gpl-3.0', 'bsd-3-clause', 'unlicense'] as const;

/** Hand-made repositories of the demo account: each covers one awkward case. */
interface SpecialRepo {
  name: string;
  patch: Partial<Repo>;
}

const DEMO_SPECIALS: readonly SpecialRepo[] = [
  {
    name: 'shipdeck',
    patch: {
      description: 'Self-hostable dashboard for GitHub + Vercel 🚀',
      language: 'TypeScript',
      topics: ['dashboard', 'github-api', 'vercel'],
      homepage: 'https://shipdeck.example.com',
      licenseKey: 'mit',
      stars: 1532,
      richness: 'rich',
    },
  },
  {
    name: 'hello-world',
    patch: { description: 'My first repository on GitHub!', language: null, richness: 'rich' },
  },
  {
    name: 'secret-plans',
    patch: { private: true, description: 'Top secret 🤫', language: 'Python', richness: 'rich' },
  },
  {
    name: 'xss-playground',
    patch: {
      description: '<script>alert("repo description")</script>',
      language: 'HTML',
      richness: 'rich',
    },
  },
  { name: 'empty-repo', patch: { empty: true, description: null, language: null, size: 0 } },
  {
    name: 'archived-experiment',
    patch: { archived: true, description: 'Archived. Do not use.', language: 'Go' },
  },
  {
    name: 'new-name',
    patch: { previousNames: ['old-name'], description: 'Renamed from old-name', language: 'Rust' },
  },
  { name: '.github', patch: { description: null, language: null } },
  {
    // GitHub's maximum repository name length is 100 characters.
    name: 'a-very-long-repository-name-that-keeps-going-and-going-to-test-truncation-in-every-single-layout-yes',
    patch: {
      description: 'The longest repository name GitHub allows (100 characters).',
      language: 'Java',
    },
  },
  { name: 'dotfiles', patch: { description: '', language: 'Shell' } },
];

export interface RepoGenerationOptions {
  now: number;
  /** Repositories owned by the demo account. */
  demoRepos: number;
  /** How many of the demo account's generated repositories get a rich history. */
  richRepos: number;
}

/** Builds repository records (histories are generated separately, on demand). */
export function generateRepos(
  rng: Rng,
  accounts: readonly Account[],
  options: RepoGenerationOptions,
): Repo[] {
  const byLogin = new Map(accounts.map((a) => [a.login, a]));
  const demo = byLogin.get(DEMO_LOGIN);
  const org = byLogin.get(ORG_LOGIN);
  const people = accounts.filter((a) => a.type === 'User');
  const repos: Repo[] = [];
  const usedNames = new Set<string>();
  let nextId = 100_000_001;

  const create = (owner: Account, name: string, patch: Partial<Repo>, index: number): Repo => {
    usedNames.add(`${owner.id}/${name.toLowerCase()}`);
    const created = options.now - rng.int(30, 2900) * DAY - rng.int(0, DAY);
    const rich = patch.richness === 'rich';
    // Rich repositories were pushed to in the last days so the demo dashboard looks active.
    const pushed = rich
      ? options.now - rng.int(5 * 60_000, 3 * DAY)
      : created + Math.floor(rng.next() * (options.now - created));
    const language = rng.chance(0.12) ? null : rng.pick(LANGUAGES);
    const repo: Repo = {
      id: nextId++,
      ownerId: owner.id,
      name,
      previousNames: [],
      description: repoDescription(rng),
      homepage: rng.chance(0.1) ? `https://${name.toLowerCase()}.example.com` : null,
      private: rng.chance(0.25),
      fork: false,
      parentId: null,
      archived: rng.chance(0.05),
      disabled: false,
      isTemplate: rng.chance(0.02),
      language,
      topics: rng.chance(0.4) ? rng.sample(TOPICS, rng.int(1, 4)) : [],
      defaultBranch: rng.chance(0.9) ? 'main' : 'master',
      licenseKey: rng.chance(0.6) ? rng.pick(LICENSES) : null,
      stars: rng.chance(0.7) ? rng.int(0, 40) : rng.int(40, 90000),
      watchers: rng.int(0, 30),
      forks: rng.int(0, 200),
      openIssues: rng.int(0, 40),
      size: rng.int(10, 250000),
      hasIssues: true,
      hasProjects: rng.chance(0.8),
      hasWiki: rng.chance(0.6),
      hasPages: rng.chance(0.1),
      hasDiscussions: rng.chance(0.15),
      createdAt: new Date(created).toISOString(),
      updatedAt: new Date(Math.max(pushed, created)).toISOString(),
      pushedAt: new Date(pushed).toISOString(),
      collaboratorIds: [],
      empty: false,
      richness: index < options.richRepos ? 'rich' : 'light',
      ...patch,
    };
    if (repo.empty) repo.pushedAt = repo.createdAt;
    repos.push(repo);
    return repo;
  };

  const generatedName = (owner: Account): string => {
    for (;;) {
      const base = `${rng.pick(ADJECTIVES)}-${rng.pick(NOUNS)}`;
      const name = usedNames.has(`${owner.id}/${base}`) ? `${base}-${rng.int(2, 99999)}` : base;
      if (!usedNames.has(`${owner.id}/${name.toLowerCase()}`)) return name;
    }
  };

  // Upstreams first, so forks can point at them.
  const upstreams: Repo[] = [];
  if (org) {
    upstreams.push(
      create(
        org,
        'Spoon-Knife',
        {
          description: 'This repo is for demonstration purposes only.',
          language: 'HTML',
          private: false,
          stars: 12800,
        },
        99,
      ),
    );
    create(
      org,
      'platform',
      {
        private: true,
        language: 'TypeScript',
        richness: 'rich',
        description: 'Internal platform 🛠️',
        collaboratorIds: [],
      },
      0,
    );
    create(
      org,
      'website',
      {
        private: false,
        language: 'TypeScript',
        richness: 'rich',
        description: 'shipdeck-labs.example.com',
      },
      0,
    );
    create(org, 'design-system', { private: false, language: 'CSS', richness: 'rich' }, 0);
    for (let i = 0; i < 6; i++) create(org, generatedName(org), {}, 99);
  }
  for (const person of people) {
    if (person.login === DEMO_LOGIN) continue;
    const own = person.login === 'hubot' ? 3 : 2;
    for (let i = 0; i < own; i++) {
      const repo = create(
        person,
        i === 0 && person.login === 'hubot' ? 'hubot-scripts' : generatedName(person),
        { richness: i === 0 ? 'rich' : 'light' },
        99,
      );
      // The demo account collaborates on some of other people's repositories.
      if (demo && i === 0) repo.collaboratorIds = [demo.id];
      if (i === 0) upstreams.push(repo);
    }
  }

  if (demo) {
    let index = 0;
    for (const special of DEMO_SPECIALS) {
      if (index >= options.demoRepos) break;
      create(
        demo,
        special.name,
        {
          ...special.patch,
          private: special.patch.private ?? false,
          archived: special.patch.archived ?? false,
        },
        index++,
      );
    }
    const upstream = upstreams[0];
    if (upstream && index < options.demoRepos) {
      create(
        demo,
        upstream.name,
        {
          fork: true,
          parentId: upstream.id,
          description: upstream.description,
          language: upstream.language,
          private: false,
        },
        index++,
      );
    }
    const collaborators = people.filter((p) => p.id !== demo.id).map((p) => p.id);
    for (; index < options.demoRepos; index++) {
      const repo = create(demo, generatedName(demo), {}, index);
      if (rng.chance(0.3)) repo.collaboratorIds = rng.sample(collaborators, rng.int(1, 3));
      if (index > 12 && rng.chance(0.02)) {
        repo.empty = true;
        repo.pushedAt = repo.createdAt;
      }
    }
  }
  return repos;
}
