import { Octokit } from '@octokit/rest';
import type { FastifyBaseLogger } from 'fastify';

export const GITHUB_USER_AGENT = 'Shipdeck';

/**
 * The one way Shipdeck builds an Octokit: a token, the configured API URL (GitHub or GitHub
 * Enterprise Server) and Shipdeck's user agent. Octokit reports every 304 and handled error on
 * the console; with a logger they go to its debug level, without one nowhere (a refused token is
 * an answer to the person, not a line in the server's log).
 */
export function octokitForToken(options: {
  token: string;
  apiUrl: string;
  log?: FastifyBaseLogger;
  /** One deadline for every call this Octokit makes. */
  signal?: AbortSignal;
}): Octokit {
  const { log } = options;
  return new Octokit({
    auth: options.token,
    baseUrl: options.apiUrl,
    userAgent: GITHUB_USER_AGENT,
    ...(options.signal ? { request: { signal: options.signal } } : {}),
    log: {
      debug: () => {},
      info: () => {},
      warn: (message: string) => log?.warn({ source: 'octokit' }, message),
      error: (message: string) => log?.debug({ source: 'octokit' }, message),
    },
  });
}
