import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMeta } from './meta';

export function getMetaQueryOptions() {
  // Facts about the installation do not change while the page is open.
  return queryOptions({ queryKey: ['meta'], queryFn: getMeta, staleTime: Infinity });
}

export function useMeta() {
  return useQuery(getMetaQueryOptions());
}

/**
 * A page on this installation's GitHub web server (github.com or a GitHub Enterprise Server,
 * GITHUB_WEB_URL), e.g. `/new`; undefined until the server has said which server that is.
 */
export function useGithubWebLink(path: `/${string}`): string | undefined {
  const { data } = useMeta();
  return data ? `${data.githubWebUrl}${path}` : undefined;
}
