import type { FastifyRequest } from 'fastify';
import type { WebhookProvider } from './webhook-deliveries.table.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the webhook receivers: whose deliveries the route takes (for the metrics). */
    webhookProvider?: WebhookProvider;
  }
}

/** How a delivery was answered, in the terms an operator acts on. */
export type WebhookOutcome =
  'accepted' | 'duplicate' | 'rejected' | 'invalid' | 'rate_limited' | 'not_configured' | 'error';

// Keyed by the request object, so a request is forgotten with it and apps never share entries.
const redeliveries = new WeakSet<FastifyRequest>();

/** Marks a delivery already stored (the provider delivered it again): answered 202 all the same. */
export function markRedelivery(request: FastifyRequest): void {
  redeliveries.add(request);
}

/** The provider and outcome of a webhook receiver's answer; null for any other route. */
export function webhookReceipt(
  request: FastifyRequest,
  statusCode: number,
): { provider: WebhookProvider; outcome: WebhookOutcome } | null {
  const provider = request.routeOptions.config.webhookProvider;
  if (!provider) return null;
  return { provider, outcome: outcomeOf(request, statusCode) };
}

/** The receivers' refusals by status; 503 is theirs when no secret is set (webhooks.ts). */
const REFUSALS: Partial<Record<number, WebhookOutcome>> = {
  401: 'rejected',
  429: 'rate_limited',
  503: 'not_configured',
};

function outcomeOf(request: FastifyRequest, statusCode: number): WebhookOutcome {
  if (statusCode < 300) return redeliveries.has(request) ? 'duplicate' : 'accepted';
  const refusal = REFUSALS[statusCode];
  if (refusal) return refusal;
  if (statusCode >= 500) return 'error';
  return 'invalid';
}
