import { z } from 'zod';

export const githubWebhookTargetSchema = z.object({
  url: z.url(),
  /** Without a secret, GitHub sends no signature headers. */
  secret: z.string().optional(),
  /** Event names to send (`push`, `pull_request`, `deployment_status`…); default all. */
  events: z.array(z.string()).optional(),
});
export type GithubWebhookTarget = z.infer<typeof githubWebhookTargetSchema>;

export const vercelWebhookTargetSchema = z.object({
  url: z.url(),
  secret: z.string().optional(),
  /** Event types to send (`deployment.created`, `deployment.succeeded`…); default all. */
  events: z.array(z.string()).optional(),
});
export type VercelWebhookTarget = z.infer<typeof vercelWebhookTargetSchema>;

export interface WebhookConfig {
  github?: GithubWebhookTarget[];
  vercel?: VercelWebhookTarget[];
}
