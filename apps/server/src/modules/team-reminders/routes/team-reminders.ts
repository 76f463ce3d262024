import { randomUUID } from 'node:crypto';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { emptyResultSchema } from '@shipdeck/shared/auth';
import { errorMessages } from '@shipdeck/shared/messages';
import {
  REMINDER_MAX_PER_TEAM,
  createReminderBodySchema,
  reminderParamsSchema,
  reminderSchema,
  remindersResultSchema,
  reminderTestResultSchema,
  reminderTexts,
  updateReminderBodySchema,
} from '@shipdeck/shared/team-reminders';
import { teamParamsSchema } from '@shipdeck/shared/teams';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { recordRequestAudit } from '../../audit/record-audit.js';
import { requireAuth } from '../../auth/authenticate.js';
import { findViewerTeam, type ViewerTeam } from '../../teams/teams.repository.js';
import { sendTestReminder } from '../deliver-reminder.js';
import { isAllowedSlackWebhookUrl, lastFour } from '../slack-webhook-url.js';
import { toReminderDto } from '../to-reminder-dto.js';
import {
  deleteReminder,
  findTeamReminder,
  insertReminder,
  listTeamReminders,
  updateReminder,
} from '../team-reminders.repository.js';
import type { TeamReminderUpdate } from '../team-reminders.table.js';

async function memberTeamOr404(
  app: FastifyInstance,
  userId: string,
  params: { org: string; slug: string },
): Promise<ViewerTeam> {
  const team = await findViewerTeam(app.db, userId, params.org, params.slug);
  // Like every team route: anyone GitHub does not list the team for learns nothing.
  if (!team) throw new AppError(404, 'NOT_FOUND', errorMessages.teamNotFound);
  return team;
}

const reminderNotFound = (): AppError => new AppError(404, 'NOT_FOUND', reminderTexts.notFound);

/** Seals an allowed webhook URL; any other answers 400 naming the field, and is never stored. */
function sealedWebhook(app: FastifyInstance, url: string) {
  const origins = app.config.slackWebhookHosts;
  if (!isAllowedSlackWebhookUrl(url, origins)) {
    const message = reminderTexts.hostNotAllowed(origins);
    throw new AppError(400, 'VALIDATION_ERROR', message, [
      { field: 'body.slackWebhookUrl', message },
    ]);
  }
  return { slack_webhook_sealed: app.secrets.seal(url), slack_webhook_last4: lastFour(url) };
}

const json = (list: readonly string[]): string => JSON.stringify(list);

/** `/api/teams/:org/:slug/reminders`: any member of the team may list, make and change them. */
export const teamReminderRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['teams'];

  app.get(
    '/:org/:slug/reminders',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The team's scheduled reminders (a Slack URL shows only its last four characters)",
        security,
        params: teamParamsSchema,
        response: { 200: successEnvelope(remindersResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const team = await memberTeamOr404(app, user.id, request.params);
      const rows = await listTeamReminders(app.db, team.org, team.slug);
      return { success: true as const, data: { reminders: rows.map(toReminderDto) } };
    },
  );

  app.post(
    '/:org/:slug/reminders',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Schedule a reminder of the pull requests waiting in the team, to Slack or email',
        security,
        params: teamParamsSchema,
        body: createReminderBodySchema,
        response: { 201: successEnvelope(reminderSchema) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const team = await memberTeamOr404(app, user.id, request.params);
      const body = request.body;
      const existing = await listTeamReminders(app.db, team.org, team.slug);
      if (existing.length >= REMINDER_MAX_PER_TEAM)
        throw new AppError(409, 'CONFLICT', reminderTexts.tooMany(REMINDER_MAX_PER_TEAM));
      const webhook =
        body.channel === 'slack' && body.slackWebhookUrl
          ? sealedWebhook(app, body.slackWebhookUrl)
          : { slack_webhook_sealed: null, slack_webhook_last4: null };
      const id = randomUUID();
      const now = new Date().toISOString();
      await insertReminder(app.db, {
        id,
        org: team.org,
        team_slug: team.slug,
        created_by: user.id,
        channel: body.channel,
        ...webhook,
        days: json(body.days),
        times: json([...new Set(body.times)].sort()),
        time_zone: body.timeZone,
        ignore_drafts: body.ignoreDrafts ? 1 : 0,
        require_review_requests: body.requireReviewRequests ? 1 : 0,
        ignore_approved_with: body.ignoreApprovedWith,
        min_age_hours: body.minAgeHours,
        min_stale_hours: body.minStaleHours,
        ignored_terms: json(body.ignoredTerms),
        ignored_labels: json(body.ignoredLabels),
        required_labels: json(body.requiredLabels),
        enabled: 1,
        disabled_reason: null,
        created_at: now,
        updated_at: now,
        last_sent_at: null,
      });
      await recordRequestAudit(app.db, request, {
        action: 'reminder.created',
        target: { type: 'team-reminder', id, label: `${team.org}/${team.slug}` },
        details: { channel: body.channel },
      });
      const row = await findTeamReminder(app.db, team.org, team.slug, id);
      if (!row) throw reminderNotFound();
      return reply.code(201).send({ success: true as const, data: toReminderDto(row) });
    },
  );

  app.patch(
    '/:org/:slug/reminders/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Change a reminder, or turn it on or off',
        security,
        params: reminderParamsSchema,
        body: updateReminderBodySchema,
        response: { 200: successEnvelope(reminderSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const team = await memberTeamOr404(app, user.id, request.params);
      const current = await findTeamReminder(app.db, team.org, team.slug, request.params.id);
      if (!current) throw reminderNotFound();
      const body = request.body;
      const channel = body.channel ?? current.channel;
      const changes: TeamReminderUpdate = { channel, updated_at: new Date().toISOString() };
      if (channel === 'email') {
        changes.slack_webhook_sealed = null;
        changes.slack_webhook_last4 = null;
      } else if (body.slackWebhookUrl !== undefined) {
        Object.assign(changes, sealedWebhook(app, body.slackWebhookUrl));
      } else if (!current.slack_webhook_sealed) {
        throw new AppError(400, 'VALIDATION_ERROR', reminderTexts.webhookRequired, [
          { field: 'body.slackWebhookUrl', message: reminderTexts.webhookRequired },
        ]);
      }
      if (body.days !== undefined) changes.days = json(body.days);
      if (body.times !== undefined) changes.times = json([...new Set(body.times)].sort());
      if (body.timeZone !== undefined) changes.time_zone = body.timeZone;
      if (body.ignoreDrafts !== undefined) changes.ignore_drafts = body.ignoreDrafts ? 1 : 0;
      if (body.requireReviewRequests !== undefined)
        changes.require_review_requests = body.requireReviewRequests ? 1 : 0;
      if (body.ignoreApprovedWith !== undefined)
        changes.ignore_approved_with = body.ignoreApprovedWith;
      if (body.minAgeHours !== undefined) changes.min_age_hours = body.minAgeHours;
      if (body.minStaleHours !== undefined) changes.min_stale_hours = body.minStaleHours;
      if (body.ignoredTerms !== undefined) changes.ignored_terms = json(body.ignoredTerms);
      if (body.ignoredLabels !== undefined) changes.ignored_labels = json(body.ignoredLabels);
      if (body.requiredLabels !== undefined) changes.required_labels = json(body.requiredLabels);
      if (body.enabled !== undefined) {
        changes.enabled = body.enabled ? 1 : 0;
        // Turned on again (or off by hand): Slack's old reason no longer applies.
        changes.disabled_reason = null;
      }
      // A reminder whose maker is gone (or no longer on the team) is taken over by whoever turns
      // it on: their access picks its pull requests from now on.
      if (
        body.enabled === true &&
        (!current.created_by ||
          !(await findViewerTeam(app.db, current.created_by, team.org, team.slug)))
      )
        changes.created_by = user.id;
      await updateReminder(app.db, current.id, changes);
      await recordRequestAudit(app.db, request, {
        action: 'reminder.updated',
        target: { type: 'team-reminder', id: current.id, label: `${team.org}/${team.slug}` },
        // Which fields changed, never their values (the URL among them).
        details: { fields: Object.keys(body).sort().join(',') },
      });
      const row = await findTeamReminder(app.db, team.org, team.slug, current.id);
      if (!row) throw reminderNotFound();
      return { success: true as const, data: toReminderDto(row) };
    },
  );

  app.delete(
    '/:org/:slug/reminders/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Delete a reminder',
        security,
        params: reminderParamsSchema,
        response: { 200: successEnvelope(emptyResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const team = await memberTeamOr404(app, user.id, request.params);
      if (!(await deleteReminder(app.db, team.org, team.slug, request.params.id)))
        throw reminderNotFound();
      await recordRequestAudit(app.db, request, {
        action: 'reminder.deleted',
        target: {
          type: 'team-reminder',
          id: request.params.id,
          label: `${team.org}/${team.slug}`,
        },
      });
      return { success: true as const, data: {} };
    },
  );

  app.post(
    '/:org/:slug/reminders/:id/test',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Send the reminder now, as you see the team (email goes to you alone)',
        security,
        params: reminderParamsSchema,
        response: { 200: successEnvelope(reminderTestResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const team = await memberTeamOr404(app, user.id, request.params);
      const row = await findTeamReminder(app.db, team.org, team.slug, request.params.id);
      if (!row) throw reminderNotFound();
      const result = await sendTestReminder(app, row, { id: user.id, email: user.email });
      if (!result) throw new AppError(404, 'NOT_FOUND', errorMessages.teamNotFound);
      return { success: true as const, data: result };
    },
  );
};
