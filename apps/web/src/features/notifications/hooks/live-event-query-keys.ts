import type { LiveEvent } from '@shipdeck/shared/events';
import type { QueryKey } from '@tanstack/react-query';
import { inboxQueryKey, notificationsQueryKey } from '../api/get-notifications';

/**
 * The query key prefixes a pushed event makes stale; nothing else is refetched. A new item, from
 * GitHub's sync or from Shipdeck, refreshes the bell and the inbox (both under `notifications`).
 */
export function liveEventQueryKeys(event: LiveEvent): QueryKey[] {
  if (event.type === 'notification.created') return [notificationsQueryKey];
  if (event.type === 'sync.progress') return [['sync', event.provider]];
  // Nothing to refetch: the session is gone (use-live-events.ts signs the tab out).
  if (event.type === 'session.revoked') return [];
  const [owner, repo] = event.repository?.split('/') ?? [];
  const inRepository = (...rest: string[]): QueryKey[] =>
    owner && repo ? [['github', 'repo', owner, repo, ...rest]] : [];
  const keys: QueryKey[] = [];
  for (const resource of event.resources) {
    switch (resource) {
      case 'repositories':
        keys.push(['github', 'repos'], ['github', 'stats']);
        break;
      case 'repository':
        keys.push(...inRepository());
        break;
      case 'pull-requests':
        // The inbox shows a pull request's state and ship status beside its GitHub thread.
        keys.push(
          ['github', 'pull-requests'],
          ['github', 'stats'],
          ...inRepository('pulls'),
          inboxQueryKey,
          // Team pages list the same pull requests by who they wait on.
          ['teams'],
        );
        break;
      case 'commits':
        keys.push(['github', 'stats'], ...inRepository('commits'));
        break;
      case 'deployments':
        // Pull-request rows show the preview and stage built from deployments; insights and
        // ETAs are computed from them.
        keys.push(
          ['vercel'],
          ['github', 'pull-requests'],
          ['insights'],
          inboxQueryKey,
          // Team pages: ship status of their rows, and team DORA.
          ['teams'],
        );
        break;
      case 'projects':
        keys.push(['vercel']);
        break;
      case 'teams':
        // The teams GitHub lists, their members, repositories and waiting pull requests.
        keys.push(['teams']);
        break;
      case 'stats':
        keys.push(['github', 'stats'], ['auth', 'stats']);
        break;
    }
  }
  const seen = new Set<string>();
  return keys.filter((key) => {
    const id = JSON.stringify(key);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
