import { z } from 'zod';
import type {
  NewCommitRow,
  NewPullRequestRow,
  NewRepositoryRow,
} from './github-store.repository.js';

// The parts of GitHub's answers the store keeps. An answer that does not parse (a body cut short
// arrives from Octokit as a string) fails the sync step and is never stored.
const account = z.object({ login: z.string(), avatar_url: z.string() });

const repository = z.object({
  id: z.number(),
  name: z.string(),
  full_name: z.string(),
  owner: account,
  description: z.string().nullable().optional(),
  private: z.boolean(),
  fork: z.boolean(),
  archived: z.boolean().optional(),
  language: z.string().nullable().optional(),
  stargazers_count: z.number().optional(),
  forks_count: z.number().optional(),
  watchers_count: z.number().optional(),
  open_issues_count: z.number().optional(),
  created_at: z.string().nullable().optional(),
  updated_at: z.string().nullable().optional(),
  pushed_at: z.string().nullable().optional(),
  html_url: z.string(),
  default_branch: z.string().optional(),
  size: z.number().optional(),
  topics: z.array(z.string()).optional(),
  /** The viewer's access; `push` decides whether pull-request actions are offered (issue 37). */
  permissions: z.object({ push: z.boolean() }).loose().optional(),
});

/** What a search hit and a pull request answer both carry. */
const pullRequestFields = {
  id: z.number(),
  number: z.number(),
  title: z.string(),
  body: z.string().nullable().optional(),
  state: z.string(),
  draft: z.boolean().optional(),
  user: account.nullable(),
  assignees: z.array(account).nullable().optional(),
  labels: z
    .array(z.object({ name: z.string() }))
    .nullable()
    .optional(),
  html_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
};

const searchItem = z.object({
  ...pullRequestFields,
  comments: z.number(),
  repository_url: z.string(),
  pull_request: z.object({ merged_at: z.string().nullable().optional() }).optional(),
});

const searchAnswer = z.object({ total_count: z.number(), items: z.array(searchItem) });

const pull = z.object({
  ...pullRequestFields,
  merged_at: z.string().nullable(),
  requested_reviewers: z
    .array(z.object({ login: z.string() }))
    .nullable()
    .optional(),
  head: z.object({
    sha: z.string(),
    ref: z.string(),
    repo: z.object({ name: z.string(), html_url: z.string() }).nullable(),
  }),
  base: z.object({ ref: z.string() }),
});

const commit = z.object({
  sha: z.string(),
  html_url: z.string(),
  commit: z.object({
    message: z.string(),
    author: z.object({ name: z.string().optional(), date: z.string().optional() }).nullable(),
    committer: z.object({ date: z.string().optional() }).nullable(),
  }),
  author: z.object({ login: z.string(), avatar_url: z.string() }).nullable().or(z.object({})),
});

export type SearchItem = z.infer<typeof searchItem>;
export type WirePull = z.infer<typeof pull>;

export const parseRepositories = (data: unknown) => z.array(repository).parse(data);

/** GitHub's `permissions.push` of each listed repository that carries it. */
export function pushAccessOf(repos: readonly z.infer<typeof repository>[]): Map<number, boolean> {
  return new Map(
    repos.flatMap((repo) => (repo.permissions ? [[repo.id, repo.permissions.push] as const] : [])),
  );
}
export const parseSearch = (data: unknown) => searchAnswer.parse(data);
export const parsePulls = (data: unknown) => z.array(pull).parse(data);
export const parseCommits = (data: unknown) => z.array(commit).parse(data);

export function repositoryRow(
  repo: z.infer<typeof repository>,
  syncedAt: string,
): NewRepositoryRow {
  return {
    id: repo.id,
    name: repo.name,
    full_name: repo.full_name,
    owner_login: repo.owner.login,
    owner_avatar_url: repo.owner.avatar_url,
    description: repo.description ?? null,
    private: repo.private ? 1 : 0,
    fork: repo.fork ? 1 : 0,
    archived: repo.archived ? 1 : 0,
    language: repo.language ?? null,
    stargazers_count: repo.stargazers_count ?? 0,
    forks_count: repo.forks_count ?? 0,
    watchers_count: repo.watchers_count ?? 0,
    open_issues_count: repo.open_issues_count ?? 0,
    created_at: repo.created_at ?? null,
    updated_at: repo.updated_at ?? null,
    pushed_at: repo.pushed_at ?? null,
    html_url: repo.html_url,
    default_branch: repo.default_branch ?? 'main',
    size: repo.size ?? 0,
    topics: JSON.stringify(repo.topics ?? []),
    synced_at: syncedAt,
  };
}

const logins = (people: { login: string }[] | null | undefined) =>
  JSON.stringify((people ?? []).map((person) => person.login));

const labelNames = (labels: { name: string }[] | null | undefined) =>
  JSON.stringify((labels ?? []).map((label) => label.name));

/** The columns a search hit and a pull request answer both carry, mapped alike. */
function pullRequestRow(
  item: SearchItem | WirePull,
  repositoryId: number,
  syncedAt: string,
  differing: Pick<
    NewPullRequestRow,
    | 'merged_at'
    | 'head_sha'
    | 'head_ref'
    | 'head_repo_name'
    | 'head_repo_html_url'
    | 'base_ref'
    | 'comments'
    | 'requested_reviewers'
  >,
): NewPullRequestRow {
  return {
    id: item.id,
    repository_id: repositoryId,
    number: item.number,
    title: item.title,
    body: item.body ?? null,
    state: item.state === 'closed' ? 'closed' : 'open',
    draft: item.draft ? 1 : 0,
    author_login: item.user?.login ?? null,
    author_avatar_url: item.user?.avatar_url ?? null,
    html_url: item.html_url,
    assignees: logins(item.assignees),
    labels: labelNames(item.labels),
    created_at: item.created_at,
    updated_at: item.updated_at,
    closed_at: item.closed_at,
    review_state: null,
    checks_state: null,
    synced_at: syncedAt,
    ...differing,
  };
}

/** A search hit has no head or base, and no reviewers; it alone counts the comments. */
export function searchItemRow(
  item: SearchItem,
  repositoryId: number,
  syncedAt: string,
): NewPullRequestRow {
  return pullRequestRow(item, repositoryId, syncedAt, {
    merged_at: item.pull_request?.merged_at ?? null,
    head_sha: null,
    head_ref: null,
    head_repo_name: null,
    head_repo_html_url: null,
    base_ref: null,
    comments: item.comments,
    requested_reviewers: '[]',
  });
}

export function pullRow(item: WirePull, repositoryId: number, syncedAt: string): NewPullRequestRow {
  return pullRequestRow(item, repositoryId, syncedAt, {
    merged_at: item.merged_at,
    head_sha: item.head.sha,
    head_ref: item.head.ref,
    head_repo_name: item.head.repo?.name ?? null,
    head_repo_html_url: item.head.repo?.html_url ?? null,
    base_ref: item.base.ref,
    comments: 0,
    requested_reviewers: logins(item.requested_reviewers),
  });
}

export function commitRow(
  item: z.infer<typeof commit>,
  repositoryId: number,
  syncedAt: string,
): NewCommitRow {
  const author = item.author && 'login' in item.author ? item.author : null;
  return {
    repository_id: repositoryId,
    sha: item.sha,
    message: item.commit.message,
    author_name: item.commit.author?.name ?? null,
    author_login: author?.login ?? null,
    author_avatar_url: author?.avatar_url ?? null,
    committed_at: item.commit.author?.date ?? item.commit.committer?.date ?? syncedAt,
    committer_date: item.commit.committer?.date ?? null,
    html_url: item.html_url,
    synced_at: syncedAt,
  };
}
