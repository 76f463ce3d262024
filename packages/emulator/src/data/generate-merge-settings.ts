import { mergeVerdict } from '../github/merge-verdict.js';
import { DEMO_LOGIN, ORG_LOGIN } from './generate-accounts.js';
import type { Repo } from './model.js';
import type { World } from './world.js';

const PROTECTED = { requiredApprovingReviewCount: 1, requiredStatusChecks: ['build'] };

/**
 * Merge settings and branch protection of the demo world (no random draws, so nothing else the
 * seed decides moves): shipdeck-labs/website allows squash only and auto-merge, platform every
 * method and auto-merge, both protect `main` with one approving review and a passing `build`; so
 * their open pull requests (in every waiting state, see generate-teams) are mergeable, blocked by
 * a missing approval or a failing check, conflicting or draft. octocat's first repository turns
 * rebase off and auto-merge on. The first blocked pull request of platform has merge when ready
 * on, turned on by octocat: it merges once its reviews and checks allow.
 */
export function addMergeSettings(world: World): void {
  const orgRepo = (name: string): Repo | undefined => {
    const found = world.lookupRepo(ORG_LOGIN, name);
    return found && 'repo' in found ? found.repo : undefined;
  };
  const website = orgRepo('website');
  if (website) {
    website.mergeSettings = {
      allowMergeCommit: false,
      allowSquashMerge: true,
      allowRebaseMerge: false,
      allowAutoMerge: true,
    };
    website.protection = PROTECTED;
  }
  const platform = orgRepo('platform');
  const demo = world.account(DEMO_LOGIN);
  if (platform) {
    platform.mergeSettings = {
      allowMergeCommit: true,
      allowSquashMerge: true,
      allowRebaseMerge: true,
      allowAutoMerge: true,
    };
    platform.protection = PROTECTED;
    const history = world.history(platform.id);
    const waiting = history.data.pulls.find(
      (pull) =>
        pull.state === 'open' &&
        !pull.draft &&
        mergeVerdict(platform, history, pull).state === 'blocked',
    );
    if (waiting && demo)
      waiting.autoMerge = { enabledById: demo.id, mergeMethod: 'squash', enabledAt: waiting.updatedAt };
  }
  const first = demo
    ? world.reposOwnedBy(demo.id).find((repo) => !repo.archived && !repo.fork && !repo.empty)
    : undefined;
  if (first)
    first.mergeSettings = {
      allowMergeCommit: true,
      allowSquashMerge: true,
      allowRebaseMerge: false,
      allowAutoMerge: true,
    };
}
