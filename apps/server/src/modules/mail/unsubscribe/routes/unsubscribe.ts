import { successEnvelope } from '@shipdeck/shared/api-envelope';
import type { EmailSubscriptionKind } from '@shipdeck/shared/mail';
import { unsubscribeResultSchema, unsubscribeTexts } from '@shipdeck/shared/mail';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../../lib/app-error.js';
import { nowIso } from '../../../../lib/clock.js';
import { ok } from '../../../../lib/reply.js';
import { findUserById, updateUser } from '../../../auth/users.repository.js';
import type { UserRowUpdate } from '../../../auth/users.table.js';
import type { UnsubscribePageState } from '../unsubscribe-page.js';
import { renderUnsubscribePage } from '../unsubscribe-page.js';
import { unsubscribeUrl, verifyUnsubscribeToken } from '../unsubscribe-token.js';

const querystring = z.object({ token: z.string().min(1).max(300) }).strict();

const OFF: Record<EmailSubscriptionKind, UserRowUpdate> = {
  'deployment-failed': { pref_email_deployment_failed: 0 },
  'review-requested': { pref_email_review_requested: 0 },
  'review-verdict': { pref_email_review_verdict: 0 },
  'checks-failed': { pref_email_checks_failed: 0 },
  digest: { pref_email_digest: 0 },
};

/** A browser's form gets the page back; a mail client's one-click POST or an API call gets JSON. */
function wantsPage(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * `/unsubscribe?token=…`, the link in every notification and digest (List-Unsubscribe): a GET
 * shows what it turns off and a button; a POST (the button, or a mail client's RFC 8058 one-click
 * `List-Unsubscribe=One-Click`) turns it off. No sign-in: the signed token names the person and
 * the kind, and changes nothing else.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058's POST is a form; this route alone reads forms (its body carries nothing needed).
  const formBody = (_request: FastifyRequest, _body: string, done: (e: null, b: object) => void) =>
    done(null, {});
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, formBody);
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, formBody);

  const keys = [app.config.encryptionKey, ...app.config.previousEncryptionKeys].filter(
    (key): key is Buffer => key !== null,
  );
  const settingsUrl = `${app.config.publicUrl}/settings`;
  const sendPage = (reply: FastifyReply, status: number, state: UnsubscribePageState) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderUnsubscribePage(state, settingsUrl));
  const invalid = () =>
    new AppError(400, 'VALIDATION_ERROR', unsubscribeTexts.invalid, [
      { field: 'querystring.token', message: unsubscribeTexts.invalid },
    ]);

  async function holder(token: string) {
    const claim = verifyUnsubscribeToken(keys, token);
    if (!claim) return null;
    const user = await findUserById(app.db, claim.userId);
    return user ? { user, kind: claim.kind } : null;
  }

  app.get('/unsubscribe', { schema: { hide: true, querystring } }, async (request, reply) => {
    const found = await holder(request.query.token);
    if (!found) return sendPage(reply, 400, { step: 'invalid' });
    return sendPage(reply, 200, {
      step: 'confirm',
      kind: found.kind,
      email: found.user.email,
      action: unsubscribeUrl(app.config.publicUrl, request.query.token),
    });
  });

  app.post(
    '/unsubscribe',
    {
      schema: {
        tags: ['account'],
        summary:
          'One-click unsubscribe (RFC 8058): turns off the email kind (or the digest) the signed token names; no sign-in',
        querystring,
        response: { 200: successEnvelope(unsubscribeResultSchema) },
      },
    },
    async (request, reply) => {
      const found = await holder(request.query.token);
      if (!found) {
        if (wantsPage(request)) return sendPage(reply, 400, { step: 'invalid' });
        throw invalid();
      }
      await updateUser(app.db, found.user.id, { ...OFF[found.kind], updated_at: nowIso() });
      request.log.info({ userId: found.user.id, kind: found.kind }, 'unsubscribed');
      if (wantsPage(request)) return sendPage(reply, 200, { step: 'done', kind: found.kind });
      return ok({ kind: found.kind });
    },
  );
};
