import { MERGE_METHODS, type MergeMethod } from '@shipdeck/shared/insights';

/** A repository's stored merge settings: 0/1, null while a sync has not learnt them. */
export interface StoredMergeSettings {
  allow_merge_commit: number | null;
  allow_squash_merge: number | null;
  allow_rebase_merge: number | null;
  allow_auto_merge: number | null;
}

const COLUMN: Record<MergeMethod, keyof StoredMergeSettings> = {
  merge: 'allow_merge_commit',
  squash: 'allow_squash_merge',
  rebase: 'allow_rebase_merge',
};

/**
 * The methods to offer, in GitHub's order. An unknown setting (null) is offered: GitHub's 405
 * says so if the repository turned it off, which beats hiding a method it allows.
 */
export function allowedMergeMethods(settings: StoredMergeSettings): MergeMethod[] {
  return MERGE_METHODS.filter((method) => settings[COLUMN[method]] !== 0);
}

/** Auto-merge, unless the repository is known to have it off. */
export function autoMergeAllowed(settings: StoredMergeSettings): boolean {
  return settings.allow_auto_merge !== 0;
}
