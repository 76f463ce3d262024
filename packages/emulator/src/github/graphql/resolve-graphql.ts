import { nodeId } from '../../data/ids.js';
import type { Account, Pull, Repo, Review, Team } from '../../data/model.js';
import type { RepoHistory } from '../../data/repo-history.js';
import { memoByVersion } from '../../data/version-memo.js';
import type { World } from '../../data/world.js';
import { GithubError } from '../github-error.js';
import { collectPullHits, sortHits, type Hit } from '../routes/search.js';
import { parseSearchQuery } from '../search-query.js';
import { combinedState, latestStatuses } from '../render/checks.js';
import { ghTime } from '../urls.js';
import { mergeSettingsOf, mergeVerdict } from '../merge-verdict.js';
import { canSeeRepo, viewerRole } from '../visibility.js';
import type { GraphqlField, GraphqlValue } from './parse-graphql.js';

/** One entry of GraphQL's `errors` array, as GitHub writes it. */
export interface GraphqlError {
  type?: string;
  path?: (string | number)[];
  locations?: { line: number; column: number }[];
  extensions?: Record<string, unknown>;
  message: string;
}

/** A query GitHub would reject as a whole before running it (no `data` in the answer). */
export class GraphqlValidationError extends Error {
  constructor(readonly errors: GraphqlError[]) {
    super(errors[0]?.message ?? 'Invalid query');
  }
}

export interface GraphqlContext {
  world: World;
  viewer: Account;
  scopes: readonly string[];
  htmlUrl(repo: Repo): string;
  /** An account's avatar, as REST's `avatar_url`. */
  avatarUrl(account: Account): string;
  /** The viewer's GraphQL budget after this query's cost, or null with rate limiting off. */
  rateLimit(): {
    limit: number;
    cost: number;
    remaining: number;
    used: number;
    resetAt: string;
  } | null;
  errors: GraphqlError[];
}

export type Resolver<T> = (source: T, field: GraphqlField, path: (string | number)[]) => unknown;

export function location(field: GraphqlField) {
  return [{ line: field.line, column: field.column }];
}

export function undefinedField(type: string, field: GraphqlField): GraphqlValidationError {
  return new GraphqlValidationError([
    {
      path: ['query', field.key],
      extensions: { code: 'undefinedField', typeName: type, fieldName: field.name },
      locations: location(field),
      message: `Field '${field.name}' doesn't exist on type '${type}'`,
    },
  ]);
}

export function resolveObject<T>(
  type: string,
  source: T,
  fields: readonly GraphqlField[],
  resolvers: Record<string, Resolver<T>>,
  path: (string | number)[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.name === '...') {
      // An inline fragment applies when the object is of its type (a union's member).
      if (field.typeCondition === type)
        Object.assign(out, resolveObject(type, source, field.selections, resolvers, path));
      continue;
    }
    if (field.name === '__typename') {
      out[field.key] = type;
      continue;
    }
    const resolve = resolvers[field.name];
    if (!resolve) throw undefinedField(type, field);
    out[field.key] = resolve(source, field, [...path, field.key]);
  }
  return out;
}

function stringArg(field: GraphqlField, name: string): string | null {
  const value = field.args[name];
  return typeof value === 'string' ? value : null;
}

export function enumArg(value: GraphqlValue | undefined): string | null {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const name = value.enum;
  return typeof name === 'string' ? name : null;
}

/** `first`/`last` must be 1–100 on GitHub; anything else fails the query. */
function pageSize(field: GraphqlField, connection: string): { count: number; fromEnd: boolean } {
  const first = field.args.first;
  const last = field.args.last;
  const raw = typeof first === 'number' ? first : typeof last === 'number' ? last : null;
  if (raw === null) {
    throw new GraphqlValidationError([
      {
        type: 'MISSING_PAGINATION_BOUNDARIES',
        path: [field.key],
        locations: location(field),
        message: `You must provide a \`first\` or \`last\` value to properly paginate the \`${connection}\` connection.`,
      },
    ]);
  }
  if (raw < 1 || raw > 100) {
    throw new GraphqlValidationError([
      {
        type: 'EXCESSIVE_PAGINATION',
        path: [field.key],
        locations: location(field),
        message: `Requesting ${raw} records on the \`${connection}\` connection exceeds the \`${typeof first === 'number' ? 'first' : 'last'}\` limit of 100 records.`,
      },
    ]);
  }
  return { count: raw, fromEnd: typeof first !== 'number' };
}

const cursorOf = (index: number): string =>
  Buffer.from(`cursor:v2:${index}`, 'utf8').toString('base64');

function indexOfCursor(cursor: string | null): number {
  if (cursor === null) return -1;
  const match = /^cursor:v2:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  return match ? Number(match[1]) : -1;
}

const FAILED_CONCLUSIONS = new Set(['failure', 'timed_out', 'cancelled', 'action_required']);

/**
 * GitHub's rollup over the newest check run per name and the newest status per context of a
 * commit: null with neither, FAILURE/ERROR over PENDING over SUCCESS. The same verdicts the REST
 * check-runs and combined-status routes let a client derive.
 */
export function statusCheckRollupState(history: RepoHistory, sha: string): string | null {
  const runs = new Map<string, RepoHistory['data']['checkRuns'][number]>();
  for (const run of history.data.checkRuns) {
    if (run.headSha !== sha) continue;
    if ((runs.get(run.name)?.id ?? -1) < run.id) runs.set(run.name, run);
  }
  const statuses = latestStatuses(history.data.statuses.filter((s) => s.sha === sha));
  if (runs.size === 0 && statuses.length === 0) return null;
  if (statuses.some((s) => s.state === 'error')) return 'ERROR';
  const combined = statuses.length > 0 ? combinedState(statuses) : null;
  const latest = [...runs.values()];
  if (
    combined === 'failure' ||
    latest.some((run) => run.conclusion !== null && FAILED_CONCLUSIONS.has(run.conclusion))
  )
    return 'FAILURE';
  if (combined === 'pending' || latest.some((run) => run.status !== 'completed')) return 'PENDING';
  return 'SUCCESS';
}

/**
 * The emulator treats every repository as protected by one required approving review, so the
 * decision is never null: the newest verdict per reviewer counts (a dismissal withdraws it), a
 * reviewer asked again has none, and any request for changes outweighs approvals.
 */
export function reviewDecision(history: RepoHistory, pull: Pull): string {
  const latest = new Map<number, string>();
  const reviews = history.data.reviews
    .filter((review) => review.pullNumber === pull.number)
    .sort((a, b) => (a.submittedAt ?? '').localeCompare(b.submittedAt ?? '') || a.id - b.id);
  for (const review of reviews) {
    if (review.state === 'APPROVED' || review.state === 'CHANGES_REQUESTED')
      latest.set(review.userId, review.state);
    else if (review.state === 'DISMISSED') latest.delete(review.userId);
  }
  for (const id of pull.requestedReviewerIds) latest.delete(id);
  const verdicts = [...latest.values()];
  if (verdicts.includes('CHANGES_REQUESTED')) return 'CHANGES_REQUESTED';
  if (verdicts.includes('APPROVED') && pull.requestedReviewerIds.length === 0) return 'APPROVED';
  return 'REVIEW_REQUIRED';
}

export interface PullSource {
  repo: Repo;
  history: RepoHistory;
  pull: Pull;
}

function commitResolvers(ctx: GraphqlContext): Record<string, Resolver<PullSource>> {
  return {
    oid: ({ pull }) => pull.headSha,
    statusCheckRollup: ({ history, pull }, field, path) => {
      const state = statusCheckRollupState(history, pull.headSha);
      if (state === null) return null;
      return resolveObject(
        'StatusCheckRollup',
        state,
        field.selections,
        { state: (value) => value },
        path,
      );
    },
    url: ({ repo, pull }) => `${ctx.htmlUrl(repo)}/commit/${pull.headSha}`,
  };
}

export function pullResolvers(ctx: GraphqlContext): Record<string, Resolver<PullSource>> {
  return {
    id: ({ pull }) => nodeId('PullRequest', pull.id),
    number: ({ pull }) => pull.number,
    title: ({ pull }) => pull.title,
    url: ({ repo, pull }) => `${ctx.htmlUrl(repo)}/pull/${pull.number}`,
    state: ({ pull }) => (pull.mergedAt ? 'MERGED' : pull.state.toUpperCase()),
    isDraft: ({ pull }) => pull.draft,
    headRefName: ({ pull }) => pull.headRef,
    headRefOid: ({ pull }) => pull.headSha,
    databaseId: ({ pull }) => pull.id,
    // GitHub's DateTime is to the second, as REST renders it.
    createdAt: ({ pull }) => ghTime(pull.createdAt),
    updatedAt: ({ pull }) => ghTime(pull.updatedAt),
    closedAt: ({ pull }) => ghTime(pull.closedAt),
    mergedAt: ({ pull }) => ghTime(pull.mergedAt),
    body: ({ pull }) => pull.body ?? '',
    author: ({ pull }, field, path) => {
      const account = ctx.world.accounts.get(pull.userId);
      return account
        ? resolveObject('User', account, field.selections, actorResolvers(ctx), path)
        : null;
    },
    labels: ({ pull }, field, path) => {
      const { count } = pageSize(field, 'labels');
      return resolveObject(
        'LabelConnection',
        null,
        field.selections,
        {
          totalCount: () => pull.labels.length,
          nodes: (_s, nodes, nodesPath) =>
            pull.labels
              .slice(0, count)
              .map((label, i) =>
                resolveObject('Label', label, nodes.selections, { name: (l) => l.name }, [
                  ...nodesPath,
                  i,
                ]),
              ),
        },
        path,
      );
    },
    comments: ({ pull }, field, path) =>
      resolveObject(
        'IssueCommentConnection',
        null,
        field.selections,
        { totalCount: () => pull.comments },
        path,
      ),
    assignees: ({ pull }, field, path) => {
      const { count } = pageSize(field, 'assignees');
      const all = pull.assigneeIds.flatMap((id) => {
        const account = ctx.world.accounts.get(id);
        return account ? [account] : [];
      });
      return resolveObject(
        'UserConnection',
        null,
        field.selections,
        {
          totalCount: () => all.length,
          nodes: (_s, nodes, nodesPath) =>
            all
              .slice(0, count)
              .map((account, i) =>
                resolveObject('User', account, nodes.selections, actorResolvers(ctx), [
                  ...nodesPath,
                  i,
                ]),
              ),
        },
        path,
      );
    },
    repository: ({ repo, history }, field, path) =>
      resolveObject(
        'Repository',
        { repo, history },
        field.selections,
        repositoryResolvers(ctx),
        path,
      ),
    reviewDecision: ({ history, pull }) => reviewDecision(history, pull),
    // GraphQL's MergeStateStatus: REST's `mergeable_state` upper-cased (PROVIDERS.md §11.1).
    mergeStateStatus: ({ repo, history, pull }) =>
      pull.state === 'open' && !pull.mergeabilityComputed
        ? 'UNKNOWN'
        : mergeVerdict(repo, history, pull).state.toUpperCase(),
    autoMergeRequest: ({ pull }, field, path) => {
      const on = pull.autoMerge;
      if (!on) return null;
      return resolveObject(
        'AutoMergeRequest',
        on,
        field.selections,
        {
          enabledAt: (value) => ghTime(value.enabledAt),
          mergeMethod: (value) => value.mergeMethod.toUpperCase(),
          enabledBy: (value, by, byPath) => {
            const account = ctx.world.accounts.get(value.enabledById);
            return account
              ? resolveObject('User', account, by.selections, actorResolvers(ctx), byPath)
              : null;
          },
          commitHeadline: () => null,
          commitBody: () => null,
          authorEmail: () => null,
        },
        path,
      );
    },
    mergeable: ({ pull }) =>
      pull.mergeableState === 'dirty'
        ? 'CONFLICTING'
        : pull.mergeableState === 'unknown'
          ? 'UNKNOWN'
          : 'MERGEABLE',
    reviewRequests: ({ pull }, field, path) => {
      // People and teams still asked, a `RequestedReviewer` union each (PROVIDERS.md §10.2).
      const { count } = pageSize(field, 'reviewRequests');
      const all: Array<{ id: number; type: 'User' | 'Team'; account?: Account; team?: Team }> = [
        ...pull.requestedReviewerIds.flatMap((id) => {
          const account = ctx.world.accounts.get(id);
          return account ? [{ id, type: 'User' as const, account }] : [];
        }),
        ...(pull.requestedTeamIds ?? []).flatMap((id) => {
          const team = ctx.world.teams.get(id);
          return team ? [{ id, type: 'Team' as const, team }] : [];
        }),
      ];
      return resolveObject(
        'ReviewRequestConnection',
        null,
        field.selections,
        {
          totalCount: () => all.length,
          nodes: (_s, nodes, nodesPath) =>
            all.slice(0, count).map((request, i) =>
              resolveObject(
                'ReviewRequest',
                request,
                nodes.selections,
                {
                  id: (r) =>
                    nodeId('ReviewRequest', pull.id * 1000 + i + (r.type === 'Team' ? 500 : 0)),
                  asCodeOwner: () => false,
                  requestedReviewer: (r, reviewer, reviewerPath) =>
                    r.type === 'User' && r.account
                      ? resolveObject(
                          'User',
                          r.account,
                          reviewer.selections,
                          loginResolvers,
                          reviewerPath,
                        )
                      : r.team
                        ? resolveObject(
                            'Team',
                            r.team,
                            reviewer.selections,
                            teamResolvers(ctx),
                            reviewerPath,
                          )
                        : null,
                },
                [...nodesPath, i],
              ),
            ),
        },
        path,
      );
    },
    reviews: (source, field, path) => {
      // Submitted reviews, oldest first (pending drafts are their author's only).
      const { count, fromEnd } = pageSize(field, 'reviews');
      const all = source.history.data.reviews
        .filter((r) => r.pullNumber === source.pull.number && r.state !== 'PENDING')
        .sort((a, b) => (a.submittedAt ?? '').localeCompare(b.submittedAt ?? '') || a.id - b.id);
      const page = fromEnd ? all.slice(-count) : all.slice(0, count);
      return resolveObject(
        'PullRequestReviewConnection',
        null,
        field.selections,
        {
          totalCount: () => all.length,
          nodes: (_s, nodes, nodesPath) =>
            page.map((review, i) =>
              resolveObject(
                'PullRequestReview',
                review,
                nodes.selections,
                {
                  id: (r) => nodeId('PullRequestReview', r.id),
                  databaseId: (r) => r.id,
                  state: (r) => r.state,
                  submittedAt: (r) => r.submittedAt,
                  author: (r, author, authorPath) => {
                    const account = ctx.world.accounts.get(r.userId);
                    return account
                      ? resolveObject(
                          'User',
                          account,
                          author.selections,
                          loginResolvers,
                          authorPath,
                        )
                      : null;
                  },
                },
                [...nodesPath, i],
              ),
            ),
        },
        path,
      );
    },
    latestOpinionatedReviews: (source, field, path) => {
      // The newest approval or request for changes of each reviewer, oldest first.
      const { count, fromEnd } = pageSize(field, 'latestOpinionatedReviews');
      const latest = new Map<number, Review>();
      for (const review of source.history.data.reviews
        .filter((r) => r.pullNumber === source.pull.number)
        .sort((a, b) => (a.submittedAt ?? '').localeCompare(b.submittedAt ?? '') || a.id - b.id)) {
        if (review.state === 'APPROVED' || review.state === 'CHANGES_REQUESTED')
          latest.set(review.userId, review);
      }
      const all = [...latest.values()].sort(
        (a, b) => (a.submittedAt ?? '').localeCompare(b.submittedAt ?? '') || a.id - b.id,
      );
      const page = fromEnd ? all.slice(-count) : all.slice(0, count);
      return resolveObject(
        'PullRequestReviewConnection',
        null,
        field.selections,
        {
          totalCount: () => all.length,
          nodes: (_s, nodes, nodesPath) =>
            page.map((review, i) =>
              resolveObject(
                'PullRequestReview',
                review,
                nodes.selections,
                {
                  id: (r) => nodeId('PullRequestReview', r.id),
                  databaseId: (r) => r.id,
                  state: (r) => r.state,
                  submittedAt: (r) => r.submittedAt,
                  author: (r, author, authorPath) => {
                    const account = ctx.world.accounts.get(r.userId);
                    return account
                      ? resolveObject(
                          'User',
                          account,
                          author.selections,
                          { login: (a) => a.login },
                          authorPath,
                        )
                      : null;
                  },
                },
                [...nodesPath, i],
              ),
            ),
        },
        path,
      );
    },
    commits: (source, field, path) => {
      // Only the head commit is modelled per pull request: `last: n` and `first: n` both see it.
      pageSize(field, 'commits');
      return resolveObject(
        'PullRequestCommitConnection',
        source,
        field.selections,
        {
          totalCount: ({ pull }) => pull.commits,
          nodes: (s, nodes, nodesPath) => [
            resolveObject(
              'PullRequestCommit',
              s,
              nodes.selections,
              {
                commit: (c, commit, commitPath) =>
                  resolveObject('Commit', c, commit.selections, commitResolvers(ctx), commitPath),
              },
              [...nodesPath, 0],
            ),
          ],
        },
        path,
      );
    },
  };
}

const loginResolvers: Record<string, Resolver<Account>> = {
  login: (account) => account.login,
  databaseId: (account) => account.id,
};

/** An author or assignee: its login, id and avatar. */
export function actorResolvers(ctx: GraphqlContext): Record<string, Resolver<Account>> {
  return { ...loginResolvers, avatarUrl: (account) => ctx.avatarUrl(account) };
}

function teamResolvers(ctx: GraphqlContext): Record<string, Resolver<Team>> {
  const orgOf = (team: Team): Account | undefined => ctx.world.accounts.get(team.orgId);
  return {
    id: (team) => nodeId('Team', team.id),
    databaseId: (team) => team.id,
    slug: (team) => team.slug,
    name: (team) => team.name,
    combinedSlug: (team) => `${orgOf(team)?.login ?? ''}/${team.slug}`,
    organization: (team, field, path) => {
      const org = orgOf(team);
      return org
        ? resolveObject('Organization', org, field.selections, loginResolvers, path)
        : null;
    },
  };
}

interface RepoSource {
  repo: Repo;
  history: RepoHistory;
}

function repositoryResolvers(ctx: GraphqlContext): Record<string, Resolver<RepoSource>> {
  const pulls = pullResolvers(ctx);
  return {
    id: ({ repo }) => nodeId('Repository', repo.id),
    databaseId: ({ repo }) => repo.id,
    name: ({ repo }) => repo.name,
    nameWithOwner: ({ repo }) => ctx.world.fullName(repo),
    url: ({ repo }) => ctx.htmlUrl(repo),
    // Unlike REST's `allow_*`, GraphQL shows the merge settings to every reader.
    mergeCommitAllowed: ({ repo }) => mergeSettingsOf(repo).allowMergeCommit,
    squashMergeAllowed: ({ repo }) => mergeSettingsOf(repo).allowSquashMerge,
    rebaseMergeAllowed: ({ repo }) => mergeSettingsOf(repo).allowRebaseMerge,
    autoMergeAllowed: ({ repo }) => mergeSettingsOf(repo).allowAutoMerge,
    isArchived: ({ repo }) => repo.archived,
    viewerPermission: ({ repo }) => {
      const role = viewerRole(ctx.world, repo, ctx.viewer);
      return role === 'none' ? null : role.toUpperCase();
    },
    pullRequest: ({ repo, history }, field, path) => {
      const number = field.args.number;
      const pull = typeof number === 'number' ? history.pull(number) : undefined;
      if (!pull) {
        ctx.errors.push({
          type: 'NOT_FOUND',
          path,
          locations: location(field),
          message: `Could not resolve to a PullRequest with the number of ${JSON.stringify(number ?? null)}.`,
        });
        return null;
      }
      return resolveObject('PullRequest', { repo, history, pull }, field.selections, pulls, path);
    },
    pullRequests: ({ repo, history }, field, path) => {
      const { count, fromEnd } = pageSize(field, 'pullRequests');
      const states = field.args.states;
      const wanted = (Array.isArray(states) ? states : states === undefined ? [] : [states])
        .map(enumArg)
        .filter((state): state is string => state !== null);
      const order = field.args.orderBy;
      const byUpdated =
        order !== null &&
        typeof order === 'object' &&
        !Array.isArray(order) &&
        !('enum' in order) &&
        enumArg(order.field) === 'UPDATED_AT';
      const descending =
        order !== null &&
        typeof order === 'object' &&
        !Array.isArray(order) &&
        !('enum' in order) &&
        enumArg(order.direction) === 'DESC';
      const all = history.data.pulls
        .filter((pull) => {
          const state = pull.mergedAt ? 'MERGED' : pull.state.toUpperCase();
          return wanted.length === 0 || wanted.includes(state);
        })
        .sort((a, b) =>
          byUpdated ? a.updatedAt.localeCompare(b.updatedAt) || a.id - b.id : a.id - b.id,
        );
      if (descending) all.reverse();
      const after = indexOfCursor(stringArg(field, 'after'));
      const start = fromEnd ? Math.max(0, all.length - count) : after + 1;
      const page = all.slice(start, start + count);
      const end = start + page.length - 1;
      return resolveObject(
        'PullRequestConnection',
        null,
        field.selections,
        {
          totalCount: () => all.length,
          nodes: (_s, nodes, nodesPath) =>
            page.map((pull, i) =>
              resolveObject('PullRequest', { repo, history, pull }, nodes.selections, pulls, [
                ...nodesPath,
                i,
              ]),
            ),
          pageInfo: (_s, info, infoPath) =>
            resolveObject(
              'PageInfo',
              null,
              info.selections,
              {
                hasNextPage: () => end < all.length - 1,
                hasPreviousPage: () => start > 0,
                endCursor: () => (page.length > 0 ? cursorOf(end) : null),
                startCursor: () => (page.length > 0 ? cursorOf(start) : null),
              },
              infoPath,
            ),
        },
        path,
      );
    },
  };
}

/** Runs the query's top-level fields; per-field failures land in `ctx.errors`, as on GitHub. */
export function resolveQuery(
  ctx: GraphqlContext,
  fields: readonly GraphqlField[],
): Record<string, unknown> {
  const repository = repositoryResolvers(ctx);
  return resolveObject(
    'Query',
    null,
    fields,
    {
      viewer: (_s, field, path) =>
        resolveObject(
          'User',
          ctx.viewer,
          field.selections,
          { login: (viewer) => viewer.login, id: (viewer) => nodeId('User', viewer.id) },
          path,
        ),
      rateLimit: (_s, field, path) => {
        const budget = ctx.rateLimit();
        if (budget === null) return null;
        return resolveObject(
          'RateLimit',
          budget,
          field.selections,
          {
            cost: (budget) => budget.cost,
            limit: (budget) => budget.limit,
            remaining: (budget) => budget.remaining,
            used: (budget) => budget.used,
            resetAt: (budget) => budget.resetAt,
          },
          path,
        );
      },
      search: (_s, field, path) => resolveSearch(ctx, field, path),
      repository: (_s, field, path) => {
        const owner = stringArg(field, 'owner') ?? '';
        const name = stringArg(field, 'name') ?? '';
        const found = ctx.world.lookupRepo(owner, name);
        // A renamed repository resolves under its old name too, as GitHub's redirect does.
        const repo = found ? ('movedTo' in found ? found.movedTo : found.repo) : undefined;
        if (!repo || !canSeeRepo(ctx.world, repo, ctx.viewer, ctx.scopes)) {
          ctx.errors.push({
            type: 'NOT_FOUND',
            path,
            locations: location(field),
            message: `Could not resolve to a Repository with the name '${owner}/${name}'.`,
          });
          return null;
        }
        return resolveObject(
          'Repository',
          { repo, history: ctx.world.history(repo.id) },
          field.selections,
          repository,
          path,
        );
      },
    },
    [],
  );
}

/** GitHub's search serves at most the first 1,000 results of a query, in GraphQL as in REST. */
const SEARCH_CAP = 1000;

/**
 * `search(query:, type: ISSUE, first:, after:)`: the REST search's matching (pull requests only:
 * the emulator has no issues), sorted by a `sort:` qualifier in the query (`sort:updated-desc`),
 * else by GitHub's "best match", which the emulator takes as newest update first. `issueCount`
 * is every match; the nodes stop at the first 1,000, as GitHub's do.
 */
function resolveSearch(
  ctx: GraphqlContext,
  field: GraphqlField,
  path: (string | number)[],
): Record<string, unknown> {
  const query = stringArg(field, 'query');
  const type = enumArg(field.args.type);
  if (query === null || type === null) {
    throw new GraphqlValidationError([
      {
        path: ['query', field.key],
        extensions: { code: 'missingRequiredArguments', arguments: 'query, type' },
        locations: location(field),
        message: "Field 'search' is missing required arguments: query, type",
      },
    ]);
  }
  const { count, fromEnd } = pageSize(field, 'search');
  let hits: Hit[] = [];
  if (type === 'ISSUE') {
    const parsed = parseSearchQuery(query);
    const sort = parsed.qualifiers.find((q) => q.key === 'sort' && !q.negated);
    const [by = null, order = 'desc'] = sort ? sort.value.split('-') : [];
    const terms = parsed.terms.map((term) => term.toLowerCase());
    const key = JSON.stringify(['graphql-search', ctx.viewer.id, ctx.scopes, query]);
    try {
      hits = memoByVersion(ctx.world, key, () => {
        const found = collectPullHits(ctx, parsed, terms);
        sortHits(found, by, order);
        return found;
      });
    } catch (error) {
      if (!(error instanceof GithubError)) throw error;
      // A query naming what cannot be searched: GitHub answers no results, not an error.
      hits = [];
    }
  }
  const available = hits.slice(0, SEARCH_CAP);
  const after = indexOfCursor(stringArg(field, 'after'));
  const start = fromEnd ? Math.max(0, available.length - count) : after + 1;
  const page = available.slice(start, start + count);
  const end = start + page.length - 1;
  const pulls = pullResolvers(ctx);
  const node = (hit: Hit, selections: readonly GraphqlField[], nodePath: (string | number)[]) =>
    resolveObject(
      'PullRequest',
      { repo: hit.repo, history: ctx.world.history(hit.repo.id), pull: hit.pull },
      selections,
      pulls,
      nodePath,
    );
  return resolveObject(
    'SearchResultItemConnection',
    null,
    field.selections,
    {
      issueCount: () => (type === 'ISSUE' ? hits.length : 0),
      repositoryCount: () => 0,
      userCount: () => 0,
      discussionCount: () => 0,
      codeCount: () => 0,
      wikiCount: () => 0,
      nodes: (_s, nodes, nodesPath) =>
        page.map((hit, i) => node(hit, nodes.selections, [...nodesPath, i])),
      edges: (_s, edges, edgesPath) =>
        page.map((hit, i) =>
          resolveObject(
            'SearchResultItemEdge',
            hit,
            edges.selections,
            {
              cursor: () => cursorOf(start + i),
              node: (h, nodeField, nodePath) => node(h, nodeField.selections, nodePath),
            },
            [...edgesPath, i],
          ),
        ),
      pageInfo: (_s, info, infoPath) =>
        resolveObject(
          'PageInfo',
          null,
          info.selections,
          {
            hasNextPage: () => end < available.length - 1,
            hasPreviousPage: () => start > 0,
            endCursor: () => (page.length > 0 ? cursorOf(end) : null),
            startCursor: () => (page.length > 0 ? cursorOf(start) : null),
          },
          infoPath,
        ),
    },
    path,
  );
}

/**
 * GitHub's cost rule: every connection counts the requests it needs (once per parent node, each
 * assumed to fill its `first`/`last`), the sum divided by 100 and rounded, at least 1 point.
 */
export function queryCost(fields: readonly GraphqlField[]): number {
  let requests = 0;
  const walk = (list: readonly GraphqlField[], parents: number): void => {
    for (const field of list) {
      const size = field.args.first ?? field.args.last;
      if (typeof size === 'number') {
        requests += parents;
        walk(field.selections, parents * size);
      } else {
        walk(field.selections, parents);
      }
    }
  };
  walk(fields, 1);
  return Math.max(1, Math.round(requests / 100));
}
