import {
  applyMerge,
  sendMergeWebhooks,
  type MergeMethod,
} from '../../activity/merge-pull-request.js';
import { createRng } from '../../data/rng.js';
import { GithubError, notFound, validationFailed } from '../github-error.js';
import type { GithubRoute } from '../github-request.js';
import { mergeSettingsOf, mergeVerdict } from '../merge-verdict.js';
import { resolveRepo } from '../repo-access.js';
import { requireWrite } from '../write-access.js';

const MERGE_DOCS = 'https://docs.github.com/rest/pulls/pulls#merge-a-pull-request';
const METHODS: readonly MergeMethod[] = ['merge', 'squash', 'rebase'];

/** The texts GitHub gives a method the repository turned off (PROVIDERS.md §11.1). */
const METHOD_OFF: Record<MergeMethod, string> = {
  merge: 'Merge commits are not allowed on this repository.',
  squash: 'Squash merges are not allowed on this repository.',
  rebase: 'Rebase merges are not allowed on this repository.',
};

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * PUT …/pulls/{n}/merge `{merge_method, sha, commit_title, commit_message}`: 200 `{sha, merged,
 * message}`; 405 when it cannot merge (closed, draft, conflict, branch protection, a method the
 * repository turned off); 409 when `sha` is not the head; 422 for a bad `merge_method`. The
 * `pull_request` `closed` and `push` webhooks follow the answer.
 */
export const mergePullRoute: GithubRoute = {
  resource: 'core',
  acceptedScopes: 'repo',
  handler(request) {
    const target = resolveRepo(request);
    const number = Number(request.params.number);
    const pull = Number.isInteger(number) ? target.history.pull(number) : undefined;
    if (!pull) throw notFound();
    // Merging needs Contents: write on a fine-grained token (PROVIDERS.md §11.6) and push access.
    const merger = requireWrite(request, target, {
      permission: 'contents',
      role: 'write',
      documentationUrl: MERGE_DOCS,
    });
    const body = record(request.body);
    const method = body.merge_method ?? 'merge';
    if (typeof method !== 'string' || !METHODS.includes(method as MergeMethod))
      throw validationFailed('PullRequest', 'merge_method', 'invalid');
    const mergeMethod = method as MergeMethod;
    const text = (key: string): string | undefined => {
      const value = body[key];
      if (value === undefined || value === null) return undefined;
      if (typeof value !== 'string') throw validationFailed('PullRequest', key, 'invalid');
      return value;
    };
    const sha = text('sha');
    const commitTitle = text('commit_title');
    const commitMessage = text('commit_message');
    const refuse = (message: string): GithubError =>
      new GithubError(405, message, { documentation_url: MERGE_DOCS });
    if (pull.state !== 'open') throw refuse('Pull Request is not mergeable');
    if (sha !== undefined && sha !== pull.headSha)
      throw new GithubError(409, 'Head branch was modified. Review and try the merge again.', {
        documentation_url: MERGE_DOCS,
      });
    const settings = mergeSettingsOf(target.repo);
    const allowed: Record<MergeMethod, boolean> = {
      merge: settings.allowMergeCommit,
      squash: settings.allowSquashMerge,
      rebase: settings.allowRebaseMerge,
    };
    if (!allowed[mergeMethod]) throw refuse(METHOD_OFF[mergeMethod]);
    const verdict = mergeVerdict(target.repo, target.history, pull);
    if (verdict.refusal !== null) throw refuse(verdict.refusal);
    const { world } = request;
    const outcome = applyMerge(
      { world, rng: createRng(world.seed, 'merge', target.repo.id, pull.number, Date.now()) },
      target,
      pull,
      { method: mergeMethod, merger, commitTitle, commitMessage },
    );
    request.actions.background((ctx) => sendMergeWebhooks(ctx, target, pull, outcome, merger));
    return {
      body: { sha: outcome.commit.sha, merged: true, message: 'Pull Request successfully merged' },
    };
  },
};
