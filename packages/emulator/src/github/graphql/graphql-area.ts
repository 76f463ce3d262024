import type { World } from '../../data/world.js';
import { readBody } from '../../http/read-body.js';
import { jsonReply, type HeaderValue, type Reply } from '../../http/reply.js';
import type { Area, IncomingContext } from '../../http/server.js';
import { authenticateGithub } from '../authenticate.js';
import type { GithubUrls } from '../urls.js';
import type { GithubWriteDeps } from '../github-write-deps.js';
import { GraphqlSyntaxError, parseGraphqlOperation } from './parse-graphql.js';
import {
  GraphqlValidationError,
  queryCost,
  resolveQuery,
  type GraphqlContext,
  type GraphqlError,
} from './resolve-graphql.js';
import { MUTATIONS, resolveMutation } from './resolve-mutation.js';

/** github.com answers GraphQL at `/graphql`; GitHub Enterprise Server at `/api/graphql`. */
export const GRAPHQL_PATHS = ['/graphql', '/api/graphql'] as const;

/** GitHub's GraphQL budget: 5,000 points an hour per user. */
const POINTS_PER_HOUR = 5000;
const WINDOW_MS = 60 * 60_000;

export interface GraphqlAreaOptions {
  world: World;
  urls(): GithubUrls;
  /** False turns rate limiting off, as on GitHub Enterprise Server by default. */
  rateLimited(): boolean;
  /** Background work of mutations (their webhooks); without it mutations are refused. */
  actions?: GithubWriteDeps;
}

interface Budget {
  used: number;
  resetMs: number;
}

function budgetHeaders(budget: Budget): Record<string, string> {
  return {
    'x-ratelimit-limit': String(POINTS_PER_HOUR),
    'x-ratelimit-remaining': String(Math.max(0, POINTS_PER_HOUR - budget.used)),
    'x-ratelimit-reset': String(Math.floor(budget.resetMs / 1000)),
    'x-ratelimit-used': String(Math.min(budget.used, POINTS_PER_HOUR)),
    'x-ratelimit-resource': 'graphql',
  };
}

/**
 * `POST /graphql` (and GHES's `/api/graphql`) for the query shapes Shipdeck sends: repositories,
 * their pull requests (by number or as a connection), review decision, head commit and its check
 * rollup, `search(type: ISSUE)` over pull requests (nodes `... on PullRequest`), and `rateLimit`. Answers are GitHub's JSON: `{data}`, per-field errors beside partial
 * data with HTTP 200, a rejected query as `{errors}` alone, 401 for a bad token.
 */
export function graphqlArea(options: GraphqlAreaOptions): Area {
  const budgets = new Map<number, Budget>();
  const budgetOf = (viewerId: number): Budget => {
    const now = Date.now();
    let budget = budgets.get(viewerId);
    if (!budget || budget.resetMs <= now) {
      budget = { used: 0, resetMs: now + WINDOW_MS };
      budgets.set(viewerId, budget);
    }
    return budget;
  };

  const handle = async (ctx: IncomingContext): Promise<Reply> => {
    const headers: Record<string, HeaderValue> = {
      'x-github-media-type': 'github.v4; format=json',
      'access-control-allow-origin': '*',
    };
    if (ctx.method !== 'POST') return jsonReply(404, { message: 'Not Found' }, headers);
    const auth = authenticateGithub(options.world, ctx.req.headers.authorization);
    if (auth.kind !== 'token') {
      // GitHub's GraphQL API has no anonymous access: a missing token is a 401 too.
      return jsonReply(
        401,
        {
          message:
            auth.kind === 'invalid'
              ? 'Bad credentials'
              : 'This endpoint requires you to be authenticated.',
          documentation_url:
            'https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql',
        },
        headers,
      );
    }
    ctx.log.actor = auth.viewer.login;
    let query = '';
    let variables: Record<string, unknown> = {};
    try {
      const body: unknown = JSON.parse((await readBody(ctx.req)).toString('utf8'));
      if (typeof body === 'object' && body !== null && 'query' in body) {
        query = typeof body.query === 'string' ? body.query : '';
        if ('variables' in body && typeof body.variables === 'object' && body.variables !== null)
          variables = body.variables as Record<string, unknown>;
      }
    } catch {
      return jsonReply(400, { message: 'Problems parsing JSON' }, headers);
    }
    const limited = options.rateLimited();
    const budget = budgetOf(auth.viewer.id);
    const forced = ctx.faults.rateLimit;
    if (limited && forced?.kind === 'secondary') {
      return jsonReply(
        forced.status,
        {
          message:
            'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
          documentation_url:
            'https://docs.github.com/graphql/overview/rate-limits-and-query-limits-for-the-graphql-api#secondary-rate-limits',
        },
        { ...headers, ...budgetHeaders(budget), 'retry-after': '60' },
      );
    }
    if (limited && forced?.kind === 'primary') budget.used = POINTS_PER_HOUR;
    if (limited && budget.used >= POINTS_PER_HOUR) {
      // A spent GraphQL budget is an HTTP 200 carrying an error, unlike REST's 403.
      return jsonReply(
        200,
        {
          errors: [
            {
              type: 'RATE_LIMITED',
              message: `API rate limit exceeded for user ID ${auth.viewer.id}.`,
            },
          ],
        },
        { ...headers, ...budgetHeaders(budget) },
      );
    }
    if (query.trim() === '') {
      return jsonReply(
        200,
        { errors: [{ message: 'A query attribute must be specified and must be a string.' }] },
        headers,
      );
    }
    try {
      const { actions } = options;
      const { operation, fields } = parseGraphqlOperation(
        query,
        variables,
        actions ? MUTATIONS : [],
      );
      const cost = operation === 'mutation' ? 1 : queryCost(fields);
      if (limited) budget.used += cost;
      const errors: GraphqlError[] = [];
      const urls = options.urls();
      const context: GraphqlContext = {
        world: options.world,
        viewer: auth.viewer,
        scopes: auth.token.scopes,
        htmlUrl: (repo) => urls.repoHtml(options.world.fullName(repo)),
        avatarUrl: (account) => urls.avatar(account.id),
        rateLimit: () =>
          limited
            ? {
                limit: POINTS_PER_HOUR,
                cost,
                remaining: Math.max(0, POINTS_PER_HOUR - budget.used),
                used: budget.used,
                resetAt: new Date(budget.resetMs).toISOString().replace(/\.\d+Z$/, 'Z'),
              }
            : null,
        errors,
      };
      const data =
        operation === 'mutation' && actions
          ? resolveMutation(
              {
                ...context,
                fineGrained: auth.token.fineGrained === true,
                background: (work) => actions.background(work),
              },
              fields,
            )
          : resolveQuery(context, fields);
      return jsonReply(200, errors.length > 0 ? { data, errors } : { data }, {
        ...headers,
        ...(limited ? budgetHeaders(budget) : {}),
      });
    } catch (error) {
      if (error instanceof GraphqlSyntaxError) {
        return jsonReply(
          200,
          {
            errors: [
              {
                message: error.message,
                locations: [{ line: error.line, column: error.column }],
              },
            ],
          },
          headers,
        );
      }
      if (error instanceof GraphqlValidationError)
        return jsonReply(200, { errors: error.errors }, headers);
      throw error;
    }
  };

  return {
    // Named `github` so GitHub's faults and the request log cover GraphQL as they cover REST.
    name: 'github',
    faultable: true,
    handle,
    errorReply: (status) =>
      jsonReply(status, {
        message: status === 503 ? 'Service Unavailable' : 'Server Error',
        documentation_url: 'https://docs.github.com/graphql',
        status: String(status),
      }),
  };
}
