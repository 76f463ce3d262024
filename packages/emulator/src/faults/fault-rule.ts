import { z } from 'zod';

const rate = z.number().min(0).max(1);

/**
 * One fault to inject. Matching: `area` (default every provider area, never the admin API),
 * `method`, and `path` (a prefix of the request path as the client sent it, e.g.
 * `/api/v3/user/repos` or `/v6/deployments`) or `pathPattern` (a regular expression).
 */
export const faultRuleSchema = z.object({
  id: z.string().min(1).optional(),
  area: z.enum(['github', 'vercel', 'oauth', 'slack', 'all']).default('all'),
  method: z.string().toUpperCase().optional(),
  path: z.string().optional(),
  pathPattern: z
    .string()
    .refine((pattern) => {
      try {
        new RegExp(pattern);
        return true;
      } catch {
        return false;
      }
    }, 'must be a valid regular expression')
    .optional(),
  /** Added before answering. */
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  /**
   * Share of requests answered with `errorStatus` and the provider's error body, without the
   * request reaching its handler (so a write is not applied). Usually a 5xx; a 4xx (403, 404,
   * 422…) stands for the provider refusing the request, e.g. `{area: 'github', method: 'PATCH',
   * path: '/api/v3/notifications/threads/', errorRate: 1, errorStatus: 403, times: 1}` makes
   * the next mark-as-read fail.
   */
  errorRate: rate.optional(),
  errorStatus: z.number().int().min(400).max(599).default(500),
  /**
   * The request reaches its handler first and only then is answered with `errorStatus`: the
   * provider did the write but failed to say so (a merge that happened behind a 502), e.g.
   * `{area: 'github', method: 'PUT', pathPattern: '/pulls/\\d+/merge$', errorRate: 1,
   * errorStatus: 502, afterHandler: true, times: 1}`.
   */
  afterHandler: z.boolean().default(false),
  /**
   * The `Retry-After` seconds an injected 429 carries where the provider sends one (Slack's
   * incoming webhooks: `{area: 'slack', errorRate: 1, errorStatus: 429, retryAfterSeconds: 2}`).
   */
  retryAfterSeconds: z.number().int().min(0).max(3_600).optional(),
  /** Share of answers whose JSON body is cut short. */
  malformedRate: rate.optional(),
  /** Share of requests whose connection is closed without an answer. */
  dropRate: rate.optional(),
  /**
   * Rate-limit exhaustion: GitHub answers `primary` with 403/429 and `x-ratelimit-remaining: 0`,
   * `secondary` with a secondary-limit message and `retry-after`; Vercel answers 429.
   */
  rateLimit: z.enum(['primary', 'secondary']).optional(),
  /** Status for GitHub rate-limit answers (GitHub uses both). */
  rateLimitStatus: z.union([z.literal(403), z.literal(429)]).default(403),
  /** Remove the rule after it has applied this many times. */
  times: z.number().int().min(1).optional(),
});

export type FaultRuleInput = z.input<typeof faultRuleSchema>;
export type FaultRule = z.output<typeof faultRuleSchema> & { id: string };
