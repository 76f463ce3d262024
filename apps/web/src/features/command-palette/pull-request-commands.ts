import type { PullRequest } from '@shipdeck/shared/github';
import type { ShipPullRequest } from '@shipdeck/shared/insights';

/** "Merge #123 …" or "Re-run failed checks on #123 …" on one of the person's open pull requests. */
export type PullRequestCommand = {
  key: string;
  action: 'merge' | 'rerunFailedChecks';
  label: string;
  repository: string;
  number: number;
  title: string;
};

/** At most this many of each kind: the person's own search results come first. */
export const PULL_REQUEST_COMMANDS_MAX = 5;

const labels = {
  merge: (number: number, title: string) => `Merge #${number} ${title}`,
  rerunFailedChecks: (number: number, title: string) =>
    `Re-run failed checks on #${number} ${title}`,
};

function commandsOf(pullRequest: PullRequest | ShipPullRequest): PullRequestCommand[] {
  if (pullRequest.state !== 'open' || pullRequest.merged) return [];
  const base = {
    repository: pullRequest.repository,
    number: pullRequest.number,
    title: pullRequest.title,
  };
  const commands: PullRequestCommand[] = [];
  if (!pullRequest.draft) {
    commands.push({
      ...base,
      key: `merge:${pullRequest.repository}#${pullRequest.number}`,
      action: 'merge',
      label: labels.merge(pullRequest.number, pullRequest.title),
    });
  }
  if ('checks' in pullRequest && pullRequest.checks === 'failing') {
    commands.push({
      ...base,
      key: `rerun:${pullRequest.repository}#${pullRequest.number}`,
      action: 'rerunFailedChecks',
      label: labels.rerunFailedChecks(pullRequest.number, pullRequest.title),
    });
  }
  return commands;
}

const verbs: Record<PullRequestCommand['action'], readonly string[]> = {
  merge: ['merge'],
  rerunFailedChecks: ['re-run', 'rerun'],
};

function verbTyped(q: string): string {
  return q.trim().toLowerCase().split(/\s+/)[0] ?? '';
}

/** Whether the text starts with a verb of these commands: only then are pull requests asked for. */
export function wantsPullRequestCommands(q: string): boolean {
  const verb = verbTyped(q);
  return (
    verb.length >= 2 &&
    Object.values(verbs).some((words) => words.some((word) => word.startsWith(verb)))
  );
}

/**
 * The commands asked for by a text that starts with their verb (`me`, `merge 12`, `re-run
 * checkout`, `rerun #123`): every other word starts a word of the title, the repository or the
 * number. Nothing for a text without the verb, so a plain search is not crowded with them. The
 * pull requests come as the server lists them, most recently updated first.
 */
export function matchPullRequestCommands(
  pullRequests: readonly (PullRequest | ShipPullRequest)[],
  q: string,
): PullRequestCommand[] {
  const [verb = '', ...words] = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (verb.length < 2) return [];
  const matched = pullRequests.flatMap(commandsOf).filter((command) => {
    if (!verbs[command.action].some((word) => word.startsWith(verb))) return false;
    const haystack = `${command.number} ${command.title} ${command.repository}`
      .toLowerCase()
      .split(/[\s/#-]+/)
      .filter(Boolean);
    return words.every((word) => {
      const bare = word.replace(/^#/, '');
      return bare === '' || haystack.some((part) => part.startsWith(bare));
    });
  });
  const merges = matched.filter((command) => command.action === 'merge');
  const reruns = matched.filter((command) => command.action === 'rerunFailedChecks');
  return [
    ...merges.slice(0, PULL_REQUEST_COMMANDS_MAX),
    ...reruns.slice(0, PULL_REQUEST_COMMANDS_MAX),
  ];
}
