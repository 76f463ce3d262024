/** A pull request as a row knows it: enough to address its actions and to name it. */
export type PullRequestRef = {
  /** `owner/name`. */
  repository: string;
  number: number;
  title: string;
};

/** How the menus, dialogs and toasts name it: `owner/name#123`. */
export function pullRequestName(ref: Pick<PullRequestRef, 'repository' | 'number'>): string {
  return `${ref.repository}#${ref.number}`;
}
