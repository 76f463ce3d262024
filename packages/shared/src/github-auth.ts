import { z } from 'zod';

export const githubCallbackQuerySchema = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(100).optional(),
  error_description: z.string().max(1000).optional(),
});

export const githubLinkResultSchema = z.object({ url: z.string() });
export type GithubLinkResult = z.infer<typeof githubLinkResultSchema>;

/** Query parameters the OAuth callback puts on its redirect, read by the web app. */
export const githubRedirectParams = {
  loginError: 'error',
  settingsResult: 'github',
  settingsError: 'github_error',
} as const;
