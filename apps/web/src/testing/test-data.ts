import type { User, UserStats } from '@shipdeck/shared/auth';

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    username: 'octocat',
    displayName: 'Mona Octocat',
    email: 'mona@example.com',
    avatar: null,
    githubId: null,
    githubLogin: null,
    role: 'member',
    vercelConnected: false,
    vercel: null,
    hasPassword: true,
    createdAt: '2026-01-15T10:00:00.000Z',
    preferences: {
      notifications: true,
      emailNotifications: true,
      emailDeploymentFailed: true,
      emailReviewRequested: true,
      emailReviewVerdict: true,
      emailChecksFailed: true,
      emailDigest: false,
      digestHour: 8,
      timeZone: 'UTC',
      githubSync: true,
      vercelSync: true,
    },
    ...overrides,
  };
}

/** A user signed in with GitHub as octocat and connected to Vercel's personal account by token. */
export function buildVercelUser(overrides: Partial<User> = {}): User {
  return buildUser({
    githubId: '583231',
    githubLogin: 'octocat',
    vercelConnected: true,
    vercel: {
      username: 'octocat',
      teamId: null,
      teamSlug: null,
      teamName: null,
      status: 'connected',
      source: 'token',
      canAct: true,
    },
    ...overrides,
  });
}

export function buildStats(overrides: Partial<UserStats> = {}): UserStats {
  return {
    memberSince: '2026-01-15T10:00:00.000Z',
    accountType: 'Free',
    activeSessions: 1,
    lastLoginAt: null,
    connectedProviders: { github: false, vercel: false },
    ...overrides,
  };
}
