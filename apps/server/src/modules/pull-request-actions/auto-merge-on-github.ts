import type { AutoMergeState, MergeMethod } from '@shipdeck/shared/insights';
import { pullRequestActionMessages as messages } from '@shipdeck/shared/pull-request-actions';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { PullRequestActionContext } from './run-pull-request-action.js';
import { saveAutoMergeAllowed } from './pull-request-writes.repository.js';

// Merge when ready is GraphQL only (PROVIDERS.md §11.2): the pull request's node id, then
// enablePullRequestAutoMerge / disablePullRequestAutoMerge with it.

const PULL_ID = `query PullRequestId($owner: String!, $name: String!, $number: Int!) {
  repository(owner: $owner, name: $name) { pullRequest(number: $number) { id } }
}`;
const AUTO_MERGE_FIELDS = 'autoMergeRequest { mergeMethod enabledAt enabledBy { login } }';
const ENABLE = `mutation EnableAutoMerge($id: ID!, $mergeMethod: PullRequestMergeMethod!, $head: GitObjectID) {
  enablePullRequestAutoMerge(input: {pullRequestId: $id, mergeMethod: $mergeMethod, expectedHeadOid: $head}) {
    pullRequest { ${AUTO_MERGE_FIELDS} }
  }
}`;
const DISABLE = `mutation DisableAutoMerge($id: ID!) {
  disablePullRequestAutoMerge(input: {pullRequestId: $id}) { pullRequest { ${AUTO_MERGE_FIELDS} } }
}`;

const idAnswer = z.object({
  repository: z.object({ pullRequest: z.object({ id: z.string() }) }),
});
const autoMergeRequest = z
  .object({
    mergeMethod: z.enum(['MERGE', 'SQUASH', 'REBASE']),
    enabledAt: z.string().nullable(),
    enabledBy: z.object({ login: z.string() }).nullable(),
  })
  .nullable();
const payload = z.object({ pullRequest: z.object({ autoMergeRequest }) });
const enableAnswer = z.object({ enablePullRequestAutoMerge: payload });
const disableAnswer = z.object({ disablePullRequestAutoMerge: payload });

const graphqlErrors = z.object({
  name: z.literal('GraphqlResponseError'),
  errors: z.array(z.object({ message: z.string() })),
});

function stateOf(request: z.infer<typeof autoMergeRequest>): AutoMergeState | null {
  if (!request) return null;
  return {
    method: request.mergeMethod.toLowerCase() as MergeMethod,
    enabledBy: request.enabledBy?.login ?? null,
    enabledAt: request.enabledAt,
  };
}

async function pullRequestId(context: PullRequestActionContext): Promise<string> {
  const data: unknown = await context.octokit.graphql(PULL_ID, {
    owner: context.owner,
    name: context.repo,
    number: context.pull.number,
  });
  return idAnswer.parse(data).repository.pullRequest.id;
}

/**
 * Turns merge when ready on with `method`, against the head the store holds. A repository that
 * turned auto-merge off is remembered as such and answered with the contract's message.
 */
export async function enableAutoMergeOnGithub(
  context: PullRequestActionContext,
  method: MergeMethod,
): Promise<AutoMergeState | null> {
  const id = await pullRequestId(context);
  try {
    const data: unknown = await context.octokit.graphql(ENABLE, {
      id,
      // Octokit keeps `method`, `query` and `url` for itself: no variable may be named so.
      mergeMethod: method.toUpperCase(),
      head: context.pull.head_sha,
    });
    return stateOf(
      enableAnswer.parse(data).enablePullRequestAutoMerge.pullRequest.autoMergeRequest,
    );
  } catch (error) {
    const refused = graphqlErrors.safeParse(error);
    if (
      refused.success &&
      refused.data.errors.some((e) => /auto.?merge is not allowed/i.test(e.message))
    ) {
      await saveAutoMergeAllowed(context.app.db, context.pull.repository_id, false);
      throw new AppError(409, 'CONFLICT', messages.autoMergeNotAllowed);
    }
    throw error;
  }
}

/** Turns merge when ready off. */
export async function disableAutoMergeOnGithub(
  context: PullRequestActionContext,
): Promise<AutoMergeState | null> {
  const id = await pullRequestId(context);
  const data: unknown = await context.octokit.graphql(DISABLE, { id });
  return stateOf(
    disableAnswer.parse(data).disablePullRequestAutoMerge.pullRequest.autoMergeRequest,
  );
}
