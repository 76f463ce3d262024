/** Until the first sync has finished (`syncedAt` null), ask again every few seconds. */
export function syncingRefetch(steady?: number) {
  return (query: { state: { data?: { syncedAt: string | null } | undefined } }) =>
    query.state.data && query.state.data.syncedAt === null ? 3_000 : (steady ?? false);
}
