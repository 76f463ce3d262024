import type { Account, GithubToken } from '../data/model.js';
import type { World } from '../data/world.js';

export type GithubAuth =
  | { kind: 'anonymous' }
  | { kind: 'invalid' }
  | { kind: 'token'; token: GithubToken; viewer: Account };

/** Reads `Authorization: Bearer|token <t>` (or Basic with the token as password). */
export function authenticateGithub(world: World, header: string | undefined): GithubAuth {
  if (header === undefined || header.trim() === '') return { kind: 'anonymous' };
  const [scheme = '', ...rest] = header.trim().split(/\s+/);
  let secret = rest.join(' ');
  if (scheme.toLowerCase() === 'basic') {
    const decoded = Buffer.from(secret, 'base64').toString('utf8');
    secret = decoded.slice(decoded.indexOf(':') + 1);
  } else if (!['bearer', 'token'].includes(scheme.toLowerCase())) {
    return { kind: 'invalid' };
  }
  const token = world.githubTokens.get(secret);
  const viewer = token ? world.accounts.get(token.accountId) : undefined;
  return token && viewer ? { kind: 'token', token, viewer } : { kind: 'invalid' };
}
