import type { AutoMergeState } from '@shipdeck/shared/insights';
import type { Db } from '../../db/database.js';
import { bumpStoreVersionOfViewers } from '../answer-cache/store-version.repository.js';

export interface MergeFacts {
  pullRequestId: number;
  repositoryId: number;
  autoMerge: AutoMergeState | null;
  /** Null when the answer did not carry them (an older GitHub Enterprise Server). */
  repository: {
    mergeCommitAllowed: boolean;
    squashMergeAllowed: boolean;
    rebaseMergeAllowed: boolean;
    autoMergeAllowed: boolean;
  } | null;
}

const flag = (value: boolean): number => (value ? 1 : 0);

/**
 * Stores what a ship-state pass read of merging (issue 37): each repository's allowed methods
 * and auto-merge, each pull request's merge when ready. Only what changed is written, and the
 * viewers of those repositories told once: a warm pass writes nothing.
 */
export async function saveMergeFacts(db: Db, facts: readonly MergeFacts[]): Promise<void> {
  if (facts.length === 0) return;
  const repositoryIds = [...new Set(facts.map((fact) => fact.repositoryId))];
  const [repositories, pulls] = await Promise.all([
    db
      .selectFrom('github_repositories')
      .select([
        'id',
        'allow_merge_commit',
        'allow_squash_merge',
        'allow_rebase_merge',
        'allow_auto_merge',
      ])
      .where('id', 'in', repositoryIds)
      .execute(),
    db
      .selectFrom('github_pull_requests')
      .select(['id', 'auto_merge_method', 'auto_merge_enabled_by', 'auto_merge_enabled_at'])
      .where(
        'id',
        'in',
        facts.map((fact) => fact.pullRequestId),
      )
      .execute(),
  ]);
  const changed = new Set<number>();
  const storedRepositories = new Map(repositories.map((row) => [Number(row.id), row]));
  const seen = new Set<number>();
  for (const fact of facts) {
    if (!fact.repository || seen.has(fact.repositoryId)) continue;
    seen.add(fact.repositoryId);
    const next = {
      allow_merge_commit: flag(fact.repository.mergeCommitAllowed),
      allow_squash_merge: flag(fact.repository.squashMergeAllowed),
      allow_rebase_merge: flag(fact.repository.rebaseMergeAllowed),
      allow_auto_merge: flag(fact.repository.autoMergeAllowed),
    };
    const stored = storedRepositories.get(fact.repositoryId);
    if (
      stored &&
      stored.allow_merge_commit === next.allow_merge_commit &&
      stored.allow_squash_merge === next.allow_squash_merge &&
      stored.allow_rebase_merge === next.allow_rebase_merge &&
      stored.allow_auto_merge === next.allow_auto_merge
    )
      continue;
    await db
      .updateTable('github_repositories')
      .set(next)
      .where('id', '=', fact.repositoryId)
      .execute();
    changed.add(fact.repositoryId);
  }
  const storedPulls = new Map(pulls.map((row) => [Number(row.id), row]));
  for (const fact of facts) {
    const next = {
      auto_merge_method: fact.autoMerge?.method ?? null,
      auto_merge_enabled_by: fact.autoMerge?.enabledBy ?? null,
      auto_merge_enabled_at: fact.autoMerge?.enabledAt ?? null,
    };
    const stored = storedPulls.get(fact.pullRequestId);
    if (
      !stored ||
      (stored.auto_merge_method === next.auto_merge_method &&
        stored.auto_merge_enabled_by === next.auto_merge_enabled_by)
    )
      continue;
    await db
      .updateTable('github_pull_requests')
      .set(next)
      .where('id', '=', fact.pullRequestId)
      .execute();
    changed.add(fact.repositoryId);
  }
  await bumpStoreVersionOfViewers(db, [...changed]);
}
