import { DEMO_LOGIN, ORG_LOGIN } from './generate-accounts.js';
import { passChecks } from './generate-checks.js';
import { teamSchema, type Pull, type RepoHistoryData, type Team } from './model.js';
import { createRng } from './rng.js';
import type { World } from './world.js';

const HOUR = 3_600_000;

/** Team ids of the demo world: fixed, so tests and docs can name them. */
export const DEMO_TEAMS = {
  web: { id: 9200001, slug: 'web' },
  platform: { id: 9200002, slug: 'platform' },
  design: { id: 9200003, slug: 'design' },
} as const;

/**
 * The open pull requests of a team repository, each put in one waiting state, so the team page
 * shows every group on the first visit: draft, changes requested, failing checks, conflicts, a
 * team review requested, and approved with green checks.
 */
function settleWaitingStates(
  world: World,
  repoId: number,
  teamId: number,
  reviewerIds: readonly number[],
  now: number,
  counter: { next: number },
): void {
  const repo = world.repos.get(repoId);
  if (!repo) return;
  const history: RepoHistoryData = world.history(repoId).data;
  const rng = createRng(world.seed, 'teams', repoId);
  const open = history.pulls.filter((pull) => pull.state === 'open');
  let nextReviewId = Math.max(0, ...history.reviews.map((r) => r.id)) + 1;
  const review = (pull: Pull, userId: number, state: 'APPROVED' | 'CHANGES_REQUESTED'): void => {
    history.reviews.push({
      id: nextReviewId++,
      pullNumber: pull.number,
      userId,
      body: state === 'APPROVED' ? 'Looks good to me.' : 'A few things to change first.',
      state,
      // Within the pull request's life so far: GitHub moves updated_at on every review.
      submittedAt: new Date(
        Date.parse(pull.createdAt) +
          Math.floor((Date.parse(pull.updatedAt) - Date.parse(pull.createdAt)) * rng.next()),
      ).toISOString(),
      commitId: pull.headSha,
    });
  };
  const failChecks = (pull: Pull): void => {
    for (const run of history.checkRuns) {
      if (run.headSha !== pull.headSha) continue;
      run.status = 'completed';
      run.conclusion = 'failure';
      run.completedAt = run.completedAt ?? new Date(now - HOUR).toISOString();
      run.title = `${run.name} failed`;
      return;
    }
  };
  const states = ['team', 'draft', 'changes', 'failing', 'conflicts', 'ready'] as const;
  open.forEach((pull) => {
    const state = states[counter.next++ % states.length];
    const reviewer = reviewerIds.find((id) => id !== pull.userId);
    pull.draft = state === 'draft';
    pull.requestedTeamIds = [];
    if (state === 'draft') {
      pull.mergeableState = 'draft';
      return;
    }
    pull.mergeableState = state === 'conflicts' ? 'dirty' : 'clean';
    pull.mergeabilityComputed = true;
    if (state === 'changes' && reviewer !== undefined) {
      pull.requestedReviewerIds = pull.requestedReviewerIds.filter((id) => id !== reviewer);
      review(pull, reviewer, 'CHANGES_REQUESTED');
    }
    if (state === 'failing') failChecks(pull);
    if (state === 'team') {
      pull.requestedReviewerIds = [];
      pull.requestedTeamIds = [teamId];
    }
    if (state === 'ready' && reviewer !== undefined) {
      pull.requestedReviewerIds = [];
      review(pull, reviewer, 'APPROVED');
      passChecks(rng, history, repo, pull.headSha, now);
    }
  });
}

/**
 * Two teams of octocat in shipdeck-labs, `web` (with a child team, `design`, whose member GitHub
 * also lists under `web`) and `platform`, over the organisation's repositories octocat can read
 * too, and their open pull requests in every waiting state.
 */
export function addDemoTeams(world: World, now: number): void {
  const org = world.account(ORG_LOGIN);
  const demo = world.account(DEMO_LOGIN);
  if (!org || !demo) return;
  const repo = (name: string): number | undefined => {
    const found = world.lookupRepo(ORG_LOGIN, name);
    return found && 'repo' in found ? found.repo.id : undefined;
  };
  const ids = (names: readonly string[]): number[] =>
    names.flatMap((name) => {
      const id = repo(name);
      return id === undefined ? [] : [id];
    });
  const [hubot, monalisa] = ['hubot', 'monalisa'].map((login) => world.account(login)?.id);
  const created = new Date(now - 400 * 24 * HOUR).toISOString();
  const updated = new Date(now - 30 * 24 * HOUR).toISOString();
  const base = { privacy: 'closed' as const, createdAt: created, updatedAt: updated };
  const teams: Team[] = [
    {
      ...base,
      ...DEMO_TEAMS.web,
      orgId: org.id,
      name: 'Web',
      description: 'The website and the design system',
      parentId: null,
      memberIds: [demo.id, ...(monalisa === undefined ? [] : [monalisa])],
      repos: ids(['website', 'design-system', 'platform']).map((repoId, i) => ({
        repoId,
        permission: i < 2 ? 'push' : 'pull',
      })),
    },
    {
      ...base,
      ...DEMO_TEAMS.design,
      orgId: org.id,
      name: 'Design',
      description: null,
      parentId: DEMO_TEAMS.web.id,
      memberIds: hubot === undefined ? [] : [hubot],
      repos: ids(['design-system']).map((repoId) => ({ repoId, permission: 'maintain' })),
    },
    {
      ...base,
      ...DEMO_TEAMS.platform,
      orgId: org.id,
      name: 'Platform',
      description: 'Internal platform 🛠️',
      parentId: null,
      memberIds: [demo.id, ...(hubot === undefined ? [] : [hubot])],
      repos: ids(['platform', 'website']).map((repoId, i) => ({
        repoId,
        permission: i === 0 ? 'admin' : 'pull',
      })),
    },
  ];
  // Keys in the schema's order, so a world saved to a file and loaded back reads the same.
  for (const team of teams) world.addTeam(teamSchema.parse(team));
  const reviewers = [demo.id, hubot, monalisa].filter((id): id is number => id !== undefined);
  // One rotation over the three repositories: they hold too few open pull requests each.
  const counter = { next: 0 };
  const website = repo('website');
  const designSystem = repo('design-system');
  const platform = repo('platform');
  if (website !== undefined)
    settleWaitingStates(world, website, DEMO_TEAMS.web.id, reviewers, now, counter);
  if (designSystem !== undefined)
    settleWaitingStates(world, designSystem, DEMO_TEAMS.design.id, reviewers, now, counter);
  if (platform !== undefined)
    settleWaitingStates(world, platform, DEMO_TEAMS.platform.id, reviewers, now, counter);
}
