import type { PullRequestFilter } from '@shipdeck/shared/github';

const filterQualifiers: Record<PullRequestFilter, string> = {
  all: '',
  open: 'is:open',
  closed: 'is:closed is:unmerged',
  merged: 'is:merged',
};

/** One search query for pull requests across every repository the user is involved in. */
export function pullRequestSearchQuery(filter: PullRequestFilter, text?: string): string {
  // Quotes would end the phrase early; GitHub ignores other punctuation in free text.
  const words = (text ?? '').replaceAll('"', ' ').trim();
  return ['is:pr', 'involves:@me', 'archived:false', filterQualifiers[filter], words]
    .filter(Boolean)
    .join(' ');
}

/** GitHub serves at most the first 1,000 search results; pages past that answer 422. */
export const SEARCH_RESULT_CAP = 1000;
