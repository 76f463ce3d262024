import { randomUUID } from 'node:crypto';
import type { Octokit } from '@octokit/rest';
import type { AuditAction, AuditOutcome } from '@shipdeck/shared/admin';
import { errorMessages } from '@shipdeck/shared/messages';
import {
  pullRequestActionMessages as messages,
  type PullParams,
  type PullRequestAction,
} from '@shipdeck/shared/pull-request-actions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { recordRequestAudit } from '../audit/record-audit.js';
import { requireAuth } from '../auth/authenticate.js';
import type { UserRow } from '../auth/users.table.js';
import { findProviderToken } from '../connections/provider-tokens.repository.js';
import { octokitForToken } from '../github-client/octokit-for-token.js';
import { recordRateBudget } from '../github-client/record-rate-budget.js';
import { actionLockKey, releaseActionLock, tryTakeActionLock } from './action-lock.repository.js';
import {
  findActionPullRequest,
  type ActionPullRequestRow,
} from './action-pull-request.repository.js';
import { isUncertainFailure, pullRequestActionRefusal } from './github-action-refusal.js';

/** The audit log's name of each action (`github.pull.*`). */
export const auditActionFor: Record<PullRequestAction, AuditAction> = {
  merge: 'github.pull.merge',
  autoMerge: 'github.pull.auto-merge',
  approve: 'github.pull.review',
  requestChanges: 'github.pull.review',
  requestReviewers: 'github.pull.request-reviewers',
  rerunFailedChecks: 'github.pull.rerun-failed-checks',
};

/** Longer than any action's GitHub calls take; a holder that died frees the lock after it. */
const LOCK_TTL_MS = 120_000;

type AuditDetails = Record<string, string | number | boolean | null>;

export interface PullRequestActionContext {
  app: FastifyInstance;
  user: UserRow;
  /** The pull request as this user's store holds it (repository settings and access included). */
  pull: ActionPullRequestRow;
  /** `owner` and `repo` as GitHub's paths take them. */
  owner: string;
  repo: string;
  /** Acts with this person's own token only; no cache, every GET goes to GitHub. */
  octokit: Octokit;
  /** Added to the audit entry, whatever the outcome (the method, the reviewers, …). */
  audit: AuditDetails;
}

export interface PullRequestActionOptions {
  action: PullRequestAction;
  params: PullParams;
  /** Details known before the action runs (the method asked for, …). */
  details?: AuditDetails;
  /** Refuse unless the pull request is open (default). */
  requireOpen?: boolean;
}

/**
 * Runs one action on a pull request through the signed-in person's own GitHub token, for the
 * routes of every pull-request action (merge, auto-merge, reviews, reviewers, re-runs):
 *
 * 1. resolves `params` to the pull request this user's own sync stored (404 otherwise, with no
 *    GitHub call), and refuses what GitHub would for certain: an archived repository (403), read
 *    access only (`can_push` 0, 403), a pull request no longer open (409, unless
 *    `requireOpen: false`), no GitHub connection (409 GITHUB_NOT_CONNECTED);
 * 2. takes the pull request's action lock, shared by all actions and instances (409 busy while
 *    another holds it), and releases it when `run` settles;
 * 3. calls `run` with an Octokit for the person's token; whatever `run` throws that is GitHub's
 *    (a RequestError, a GraphQL error answer, a timeout) becomes the contract's answer through
 *    `pullRequestActionRefusal` (401 → reconnect, missing `repo` scope or fine-grained permission
 *    named, 429, 405/409/422, 5xx → 502). `run` may throw an AppError of its own;
 * 4. writes one audit entry (`auditActionFor[action]`) for every outcome: success, refused
 *    (Shipdeck or GitHub said no) or failed (GitHub failed or did not answer), with the
 *    repository, number, `details`, what `run` put in `context.audit` and GitHub's status.
 */
export async function runPullRequestAction<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  options: PullRequestActionOptions,
  run: (context: PullRequestActionContext) => Promise<T>,
): Promise<T> {
  const { user } = requireAuth(request);
  const { owner, repo, number } = options.params;
  const fullName = `${owner}/${repo}`;
  const audit: AuditDetails = { ...options.details };
  let label = `${fullName}#${number}`;
  const record = (outcome: AuditOutcome, extra: AuditDetails = {}) =>
    recordRequestAudit(app.db, request, {
      action: auditActionFor[options.action],
      target: { type: 'pull-request', id: label, label },
      outcome,
      details: { repository: label.split('#')[0] ?? fullName, number, ...audit, ...extra },
    });

  let lock: { key: string; holder: string } | null = null;
  try {
    const pull = await findActionPullRequest(app.db, user.id, fullName, number);
    if (!pull) throw new AppError(404, 'NOT_FOUND', errorMessages.pullRequestNotFound);
    label = `${pull.full_name}#${pull.number}`;
    if (pull.archived === 1) throw new AppError(403, 'FORBIDDEN', messages.archived);
    if (pull.can_push === 0) throw new AppError(403, 'FORBIDDEN', messages.readOnly);
    if ((options.requireOpen ?? true) && pull.state !== 'open') {
      throw new AppError(409, 'CONFLICT', messages.notOpen);
    }
    const stored = user.github_id ? await findProviderToken(app.db, user.id, 'github') : undefined;
    if (!stored) throw new AppError(409, 'GITHUB_NOT_CONNECTED', messages.notConnected);

    const key = actionLockKey(pull.repository_id, pull.number);
    const holder = randomUUID();
    const taken = await tryTakeActionLock(app.db, {
      key,
      holder,
      action: options.action,
      ttlMs: LOCK_TTL_MS,
    });
    if (!taken) throw new AppError(409, 'CONFLICT', messages.busy);
    lock = { key, holder };

    const octokit = octokitForToken({
      token: app.secrets.open(stored.token_sealed),
      apiUrl: app.config.github.apiUrl,
      log: app.log,
    });
    octokit.hook.wrap('request', async (send, endpoint) => {
      // Each call its own deadline (a merge and its read-back must not share one).
      endpoint.request = {
        ...endpoint.request,
        signal: AbortSignal.timeout(app.config.githubTimeoutMs),
      };
      const response = await send(endpoint);
      const { url } = octokit.request.endpoint.parse(endpoint);
      await recordRateBudget(app.db, user.id, { headers: response.headers, url });
      return response;
    });

    const [githubOwner = owner, githubRepo = repo] = pull.full_name.split('/');
    const result = await run({
      app,
      user,
      pull,
      owner: githubOwner,
      repo: githubRepo,
      octokit,
      audit,
    });
    await record('success');
    return result;
  } catch (error) {
    const answer = pullRequestActionRefusal(error, options.action);
    const githubStatus =
      typeof error === 'object' && error !== null && 'status' in error
        ? Number(error.status) || null
        : null;
    await record(
      answer.statusCode >= 500 || isUncertainFailure(error) ? 'failed' : 'refused',
      githubStatus !== null && !(error instanceof AppError) ? { githubStatus } : {},
    );
    throw answer;
  } finally {
    if (lock) await releaseActionLock(app.db, lock.key, lock.holder);
  }
}
