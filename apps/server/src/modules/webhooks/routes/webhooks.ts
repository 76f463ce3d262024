import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { errorMessages } from '@shipdeck/shared/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.js';
import { ok } from '../../../lib/reply.js';
import { consumeRateLimit } from '../../rate-limit/rate-limiter.js';
import { enqueueWebhookApply } from '../enqueue-webhook-apply.js';
import { vercelEnvelopeSchema } from '../vercel-webhook-effects.js';
import { verifyGithubSignature } from '../verify-github-signature.js';
import { verifyVercelSignature } from '../verify-vercel-signature.js';
import type { WebhookProvider } from '../webhook-deliveries.table.js';
import { findDelivery, insertDeliveryOnce } from '../webhook-deliveries.repository.js';
import { markRedelivery } from '../webhook-receipts.js';

/** GitHub caps payloads at 25 MB; Vercel's are far smaller. */
export const WEBHOOK_BODY_LIMIT = 25 * 1024 * 1024;

const receiptSchema = z.object({ received: z.boolean(), duplicate: z.boolean() });

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function parseJson(raw: Buffer): unknown {
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value;
  } catch {
    // Falls through to the 400 below.
  }
  throw new AppError(400, 'VALIDATION_ERROR', 'Body must be a JSON object', [
    { field: 'body', message: 'Body must be a JSON object' },
  ]);
}

function unauthorized(): AppError {
  return new AppError(401, 'UNAUTHORIZED', 'Invalid or missing webhook signature');
}

function notConfigured(): AppError {
  return new AppError(503, 'SERVICE_UNAVAILABLE', 'Webhooks are not configured on this server');
}

/**
 * Verified before anything is stored; stored before it is answered; applied as a job. The raw
 * body is kept as bytes here only (the signature is over the exact bytes), not app-wide.
 */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  const rateLimit = async (provider: WebhookProvider, ip: string) => {
    await consumeRateLimit(app.db, `webhook:${provider}:${ip}`, {
      max: app.config.webhooks.perMinute,
      windowSeconds: 60,
    });
  };

  const store = async (
    request: FastifyRequest,
    provider: WebhookProvider,
    deliveryId: string,
    event: string,
    raw: Buffer,
  ) => {
    const isNew = await insertDeliveryOnce(app.db, {
      provider,
      delivery_id: deliveryId,
      event,
      payload: raw.toString('utf8'),
    });
    if (!isNew) markRedelivery(request);
    // A redelivery of one never applied (its process died before queueing it) is queued again;
    // the singleton key keeps a delivery queued once.
    const queue = isNew || !(await findDelivery(app.db, provider, deliveryId))?.applied_at;
    if (queue) await enqueueWebhookApply(app, provider, deliveryId);
    return ok({ received: true, duplicate: !isNew });
  };

  const schema = (summary: string) => ({
    tags: ['webhooks'],
    summary,
    response: { 202: successEnvelope(receiptSchema) },
  });

  app.post(
    '/github',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      config: { webhookProvider: 'github' },
      onRequest: async (request) => rateLimit('github', request.ip),
      schema: schema('GitHub webhook receiver (X-Hub-Signature-256 with GITHUB_WEBHOOK_SECRET)'),
    },
    async (request, reply) => {
      const secret = app.config.webhooks.githubSecret;
      if (!secret) throw notConfigured();
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = header(request.headers['x-hub-signature-256']);
      if (!(await verifyGithubSignature(secret, raw, signature))) throw unauthorized();
      const deliveryId = header(request.headers['x-github-delivery']);
      const event = header(request.headers['x-github-event']);
      if (!deliveryId || !event || deliveryId.length > 200 || event.length > 100) {
        throw new AppError(400, 'VALIDATION_ERROR', errorMessages.webhookHeaders, [
          { field: 'headers.x-github-delivery', message: errorMessages.webhookHeaders },
        ]);
      }
      parseJson(raw);
      return reply.code(202).send(await store(request, 'github', deliveryId, event, raw));
    },
  );

  app.post(
    '/vercel',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      config: { webhookProvider: 'vercel' },
      onRequest: async (request) => rateLimit('vercel', request.ip),
      schema: schema('Vercel webhook receiver (x-vercel-signature with VERCEL_WEBHOOK_SECRET)'),
    },
    async (request, reply) => {
      const secret = app.config.webhooks.vercelSecret;
      if (!secret) throw notConfigured();
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!verifyVercelSignature(secret, raw, header(request.headers['x-vercel-signature']))) {
        throw unauthorized();
      }
      const envelope = vercelEnvelopeSchema.safeParse(parseJson(raw));
      if (!envelope.success) {
        const field = envelope.error.issues[0]?.path.join('.') ?? '';
        throw new AppError(400, 'VALIDATION_ERROR', `Invalid Vercel webhook envelope: ${field}`, [
          { field: `body.${field}`, message: envelope.error.issues[0]?.message ?? 'Invalid' },
        ]);
      }
      return reply
        .code(202)
        .send(await store(request, 'vercel', envelope.data.id, envelope.data.type, raw));
    },
  );
};
