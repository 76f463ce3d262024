import { autoMergePayload, findPullByNodeId, type PullTarget } from '../../activity/auto-merge.js';
import type { ActivityContext } from '../../activity/activity-context.js';
import type { MergeMethod } from '../../activity/merge-pull-request.js';
import { mergeSettingsOf, mergeVerdict } from '../merge-verdict.js';
import { hasScope, viewerRole } from '../visibility.js';
import type { GraphqlField, GraphqlValue } from './parse-graphql.js';
import {
  actorResolvers,
  enumArg,
  location,
  pullResolvers,
  resolveObject,
  type GraphqlContext,
} from './resolve-graphql.js';

/** The mutations the emulator serves (PROVIDERS.md §11.2). */
export const MUTATIONS = ['enablePullRequestAutoMerge', 'disablePullRequestAutoMerge'] as const;
type Mutation = (typeof MUTATIONS)[number];

export interface MutationContext extends GraphqlContext {
  /** A fine-grained token: its `scopes` stand for permissions (`pull_requests:write`, `repo`). */
  fineGrained: boolean;
  /** Work after the answer (webhooks), as REST writes have it. */
  background(work: (ctx: ActivityContext) => Promise<void>): void;
}

const METHODS: Record<string, MergeMethod> = { MERGE: 'merge', SQUASH: 'squash', REBASE: 'rebase' };

/** What GitHub says when a method the repository turned off is asked for (REST's texts). */
const METHOD_OFF: Record<MergeMethod, string> = {
  merge: 'Merge commits are not allowed on this repository.',
  squash: 'Squash merges are not allowed on this repository.',
  rebase: 'Rebase merges are not allowed on this repository.',
};

class MutationError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

function inputOf(field: GraphqlField): Record<string, GraphqlValue> {
  const input = field.args.input;
  return input !== null && typeof input === 'object' && !Array.isArray(input) && !('enum' in input)
    ? input
    : {};
}

const TYPE_NAMES: Record<Mutation, string> = {
  enablePullRequestAutoMerge: 'EnablePullRequestAutoMerge',
  disablePullRequestAutoMerge: 'DisablePullRequestAutoMerge',
};

/**
 * What the token and the person may do: a classic token needs `repo` (`public_repo` on a public
 * repository; GraphQL answers INSUFFICIENT_SCOPES), a fine-grained one Pull requests: write
 * (FORBIDDEN `Resource not accessible by personal access token`), the person write access.
 */
function requireAccess(ctx: MutationContext, target: PullTarget, mutation: Mutation): void {
  if (ctx.fineGrained) {
    if (!ctx.scopes.some((s) => s === 'repo' || s === 'pull_requests:write'))
      throw new MutationError('FORBIDDEN', 'Resource not accessible by personal access token');
  } else if (
    !hasScope(ctx.scopes, 'repo') &&
    !(hasScope(ctx.scopes, 'public_repo') && !target.repo.private)
  ) {
    throw new MutationError(
      'INSUFFICIENT_SCOPES',
      `Your token has not been granted the required scopes to execute this query. The '${mutation}' field requires one of the following scopes: ['public_repo'], but your token has only been granted the: [${ctx.scopes.map((s) => `'${s}'`).join(', ')}] scopes. Please modify your token's scopes at: https://github.com/settings/tokens.`,
    );
  }
  const role = viewerRole(ctx.world, target.repo, ctx.viewer);
  if (target.repo.archived || (role !== 'admin' && role !== 'write'))
    throw new MutationError(
      'FORBIDDEN',
      `${ctx.viewer.login} does not have the correct permissions to execute \`${TYPE_NAMES[mutation]}\``,
    );
}

/** Turns auto-merge on, refusing as GitHub does (the texts are PROVIDERS.md §11.2's). */
function enable(ctx: MutationContext, target: PullTarget, input: Record<string, GraphqlValue>) {
  const { repo, history, pull } = target;
  const settings = mergeSettingsOf(repo);
  if (!settings.allowAutoMerge)
    throw new MutationError(
      'UNPROCESSABLE',
      'Pull request Auto merge is not allowed for this repository',
    );
  if (pull.state !== 'open')
    throw new MutationError('UNPROCESSABLE', 'Pull request Pull request is closed');
  const method = METHODS[enumArg(input.mergeMethod) ?? 'MERGE'];
  if (!method) throw new MutationError('UNPROCESSABLE', 'Pull request Merge method is invalid');
  const allowed = {
    merge: settings.allowMergeCommit,
    squash: settings.allowSquashMerge,
    rebase: settings.allowRebaseMerge,
  }[method];
  if (!allowed) throw new MutationError('UNPROCESSABLE', `Pull request ${METHOD_OFF[method]}`);
  const expected = input.expectedHeadOid;
  if (typeof expected === 'string' && expected !== pull.headSha)
    throw new MutationError(
      'UNPROCESSABLE',
      'Pull request Head branch was modified. Review and try the merge again.',
    );
  const verdict = mergeVerdict(repo, history, pull);
  // Already mergeable: GitHub asks to merge it now instead (`… is in clean status`).
  if (verdict.refusal === null || verdict.state === 'draft' || verdict.state === 'dirty')
    throw new MutationError(
      'UNPROCESSABLE',
      `Pull request Pull request is in ${verdict.state} status`,
    );
  pull.autoMerge = {
    enabledById: ctx.viewer.id,
    mergeMethod: method,
    enabledAt: new Date().toISOString(),
  };
  pull.updatedAt = pull.autoMerge.enabledAt;
}

/**
 * Runs the mutation fields, each `{clientMutationId, actor, pullRequest}`; a refusal is an
 * `errors` entry beside `data: {field: null}`, with HTTP 200 (PROVIDERS.md §11.2). Turning it on
 * or off sends `pull_request` `auto_merge_enabled` / `auto_merge_disabled`.
 */
export function resolveMutation(
  ctx: MutationContext,
  fields: readonly GraphqlField[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const mutation = field.name as Mutation;
    const input = inputOf(field);
    const path = [field.key];
    try {
      const id = typeof input.pullRequestId === 'string' ? input.pullRequestId : '';
      const target = findPullByNodeId(ctx.world, id);
      if (!target)
        throw new MutationError(
          'NOT_FOUND',
          `Could not resolve to a node with the global id of '${id}'.`,
        );
      requireAccess(ctx, target, mutation);
      const wasOn = target.pull.autoMerge != null;
      if (mutation === 'enablePullRequestAutoMerge') enable(ctx, target, input);
      else target.pull.autoMerge = null;
      ctx.world.touch();
      const action =
        mutation === 'enablePullRequestAutoMerge' ? 'auto_merge_enabled' : 'auto_merge_disabled';
      if (action === 'auto_merge_enabled' || wasOn) {
        const senderId = ctx.viewer.id;
        ctx.background(async (activity) => {
          const payload = autoMergePayload(activity.render(), target, action, senderId);
          activity.deliveries.push(
            ...(await activity.webhooks.sendGithub('pull_request', payload, target.repo.id)),
          );
        });
      }
      const clientMutationId = input.clientMutationId;
      out[field.key] = resolveObject(
        `${TYPE_NAMES[mutation]}Payload`,
        target,
        field.selections,
        {
          clientMutationId: () => (typeof clientMutationId === 'string' ? clientMutationId : null),
          actor: (_t, actor, actorPath) =>
            resolveObject('User', ctx.viewer, actor.selections, actorResolvers(ctx), actorPath),
          pullRequest: (source, pr, prPath) =>
            resolveObject('PullRequest', source, pr.selections, pullResolvers(ctx), prPath),
        },
        path,
      );
    } catch (error) {
      if (!(error instanceof MutationError)) throw error;
      ctx.errors.push({
        type: error.type,
        path,
        locations: location(field),
        message: error.message,
      });
      out[field.key] = null;
    }
  }
  return out;
}
