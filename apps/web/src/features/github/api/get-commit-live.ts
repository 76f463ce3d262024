import type { commitLiveResultSchema } from '@shipdeck/shared/commit-live';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { repoApiPath } from './repo-api-path';

type CommitLiveParams = { owner: string; repo: string; sha: string };

export async function getCommitLive({ owner, repo, sha }: CommitLiveParams) {
  const response = await apiClient.get(
    `${repoApiPath(owner, repo)}/commits/${encodeURIComponent(sha)}/live`,
    // The finder shows its own "not found" and error lines; a toast would say it twice.
    { skipErrorToast: true },
  );
  return unwrap<typeof commitLiveResultSchema>(response);
}

export function getCommitLiveQueryOptions(params: CommitLiveParams) {
  return queryOptions({
    queryKey: ['github', 'repo', params.owner, params.repo, 'commit-live', params.sha],
    queryFn: () => getCommitLive(params),
    // An unknown SHA stays unknown; asking again would only repeat the 404.
    retry: false,
  });
}

/** Whether production serves the commit; idle until a SHA is asked for. */
export function useCommitLive(params: CommitLiveParams & { enabled: boolean }) {
  const { enabled, ...rest } = params;
  return useQuery({ ...getCommitLiveQueryOptions(rest), enabled });
}
