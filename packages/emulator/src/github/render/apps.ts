import type { Account } from '../../data/model.js';
import type { GithubUrls } from '../urls.js';
import { renderSimpleUser } from './user.js';

function owner(id: number, login: string): Account {
  return {
    id,
    login,
    type: 'Organization',
    name: login,
    company: null,
    blog: null,
    location: null,
    bio: null,
    twitterUsername: null,
    hireable: null,
    publicEmail: null,
    emails: [],
    followers: 0,
    following: 0,
    publicGists: 0,
    privateGists: 0,
    twoFactorAuthentication: false,
    createdAt: '2008-05-11T04:37:31Z',
    updatedAt: '2024-01-01T00:00:00Z',
    memberIds: [],
  };
}

const APPS = {
  'github-actions': {
    id: 15368,
    slug: 'github-actions',
    node_id: 'MDM6QXBwMTUzNjg=',
    owner: owner(9919, 'github'),
    name: 'GitHub Actions',
    description: 'Automate your workflow from idea to production',
    created_at: '2018-07-30T09:30:17Z',
    updated_at: '2024-04-10T20:33:16Z',
  },
  vercel: {
    id: 8329,
    slug: 'vercel',
    node_id: 'MDM6QXBwODMyOQ==',
    owner: owner(14985020, 'vercel'),
    name: 'Vercel',
    description: 'Vercel for GitHub',
    created_at: '2018-01-02T12:00:00Z',
    updated_at: '2024-03-01T12:00:00Z',
  },
} as const;

export type AppSlug = keyof typeof APPS;

/** The GitHub App objects (`integration`) that own check runs and deployments. */
export function renderApp(urls: GithubUrls, slug: AppSlug): Record<string, unknown> {
  const app = APPS[slug];
  return {
    id: app.id,
    slug: app.slug,
    node_id: app.node_id,
    owner: renderSimpleUser(urls, app.owner),
    name: app.name,
    description: app.description,
    external_url: `https://${app.slug}.example.com`,
    html_url: `${urls.web}/apps/${app.slug}`,
    created_at: app.created_at,
    updated_at: app.updated_at,
    permissions: {
      checks: 'write',
      contents: 'read',
      deployments: 'write',
      metadata: 'read',
      statuses: 'write',
    },
    events: ['check_run', 'check_suite', 'deployment', 'pull_request', 'push'],
  };
}
