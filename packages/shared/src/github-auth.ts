import { z } from 'zod';
import { userSchema } from './auth.js';

export const githubCallbackQuerySchema = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(100).optional(),
  error_description: z.string().max(1000).optional(),
});

/** GET /auth/github: `invitation` is the token of a /signup?invitation= link being used. */
export const githubStartQuerySchema = z.object({
  invitation: z.string().max(200).optional(),
});

export const githubLinkResultSchema = z.object({ url: z.string() });
export type GithubLinkResult = z.infer<typeof githubLinkResultSchema>;

/**
 * The one-time code the OAuth callback puts in the address bar instead of a session token; the
 * web app trades it for the session with `POST /auth/exchange`, from the browser that began.
 */
export const oauthExchangeBodySchema = z.object({
  code: z.string().min(1).max(128),
});
export type OAuthExchangeBody = z.infer<typeof oauthExchangeBodySchema>;

/** A personal access token (classic or fine-grained) pasted in the "Connect GitHub" form. */
export const githubTokenBodySchema = z.object({
  token: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(255, 'is too long')
    // Tokens are printable ASCII; anything else cannot travel in an Authorization header.
    .regex(/^[\x21-\x7e]+$/, 'is not a GitHub token'),
});
export type GithubTokenBody = z.infer<typeof githubTokenBodySchema>;

export const githubTokenResultSchema = z.object({
  user: userSchema,
  /** Scopes GitHub reports for the token (`X-OAuth-Scopes`); empty for fine-grained tokens. */
  scopes: z.array(z.string()),
});
export type GithubTokenResult = z.infer<typeof githubTokenResultSchema>;
