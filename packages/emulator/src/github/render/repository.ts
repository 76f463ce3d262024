import type { Repo } from '../../data/model.js';
import { nodeId } from '../../data/ids.js';
import { mergeSettingsOf } from '../merge-verdict.js';
import { viewerRole } from '../visibility.js';
import { ghTime } from '../urls.js';
import type { RenderContext } from './render-context.js';
import { renderSimpleUser } from './user.js';

const LICENSES: Record<
  NonNullable<Repo['licenseKey']>,
  { name: string; spdx: string; node: string }
> = {
  mit: { name: 'MIT License', spdx: 'MIT', node: 'MDc6TGljZW5zZTEz' },
  'apache-2.0': { name: 'Apache License 2.0', spdx: 'Apache-2.0', node: 'MDc6TGljZW5zZTI=' },
  'gpl-3.0': { name: 'GNU General Public License v3.0', spdx: 'GPL-3.0', node: 'MDc6TGljZW5zZTk=' },
  'bsd-3-clause': {
    name: 'BSD 3-Clause "New" or "Revised" License',
    spdx: 'BSD-3-Clause',
    node: 'MDc6TGljZW5zZTU=',
  },
  unlicense: { name: 'The Unlicense', spdx: 'Unlicense', node: 'MDc6TGljZW5zZTE1' },
};

function license(ctx: RenderContext, key: Repo['licenseKey']): Record<string, unknown> | null {
  if (key === null) return null;
  const info = LICENSES[key];
  return {
    key,
    name: info.name,
    spdx_id: info.spdx,
    url: `${ctx.urls.api}/licenses/${key}`,
    node_id: info.node,
  };
}

function permissions(ctx: RenderContext, repo: Repo): Record<string, boolean> | undefined {
  const role = viewerRole(ctx.world, repo, ctx.viewer);
  if (role === 'none') return undefined;
  const admin = role === 'admin';
  const push = admin || role === 'write';
  return { admin, maintain: admin, push, triage: push, pull: true };
}

/** The `*_url` fields every repository object carries. */
function repoUrls(ctx: RenderContext, fullName: string): Record<string, string> {
  const api = ctx.urls.repo(fullName);
  const host = new URL(ctx.urls.origin).host;
  return {
    html_url: ctx.urls.repoHtml(fullName),
    url: api,
    forks_url: `${api}/forks`,
    keys_url: `${api}/keys{/key_id}`,
    collaborators_url: `${api}/collaborators{/collaborator}`,
    teams_url: `${api}/teams`,
    hooks_url: `${api}/hooks`,
    issue_events_url: `${api}/issues/events{/number}`,
    events_url: `${api}/events`,
    assignees_url: `${api}/assignees{/user}`,
    branches_url: `${api}/branches{/branch}`,
    tags_url: `${api}/tags`,
    blobs_url: `${api}/git/blobs{/sha}`,
    git_tags_url: `${api}/git/tags{/sha}`,
    git_refs_url: `${api}/git/refs{/sha}`,
    trees_url: `${api}/git/trees{/sha}`,
    statuses_url: `${api}/statuses/{sha}`,
    languages_url: `${api}/languages`,
    stargazers_url: `${api}/stargazers`,
    contributors_url: `${api}/contributors`,
    subscribers_url: `${api}/subscribers`,
    subscription_url: `${api}/subscription`,
    commits_url: `${api}/commits{/sha}`,
    git_commits_url: `${api}/git/commits{/sha}`,
    comments_url: `${api}/comments{/number}`,
    issue_comment_url: `${api}/issues/comments{/number}`,
    contents_url: `${api}/contents/{+path}`,
    compare_url: `${api}/compare/{base}...{head}`,
    merges_url: `${api}/merges`,
    archive_url: `${api}/{archive_format}{/ref}`,
    downloads_url: `${api}/downloads`,
    issues_url: `${api}/issues{/number}`,
    pulls_url: `${api}/pulls{/number}`,
    milestones_url: `${api}/milestones{/number}`,
    notifications_url: `${api}/notifications{?since,all,participating}`,
    labels_url: `${api}/labels{/name}`,
    releases_url: `${api}/releases{/id}`,
    deployments_url: `${api}/deployments`,
    git_url: `git://${host}/${fullName}.git`,
    ssh_url: `git@${host}:${fullName}.git`,
    clone_url: `${ctx.urls.repoHtml(fullName)}.git`,
    svn_url: ctx.urls.repoHtml(fullName),
  };
}

/** `repository` (lists and embedded objects); `full` adds the `full-repository` fields. */
export function renderRepository(
  ctx: RenderContext,
  repo: Repo,
  full = false,
): Record<string, unknown> {
  const owner = ctx.world.ownerOf(repo);
  const fullName = `${owner.login}/${repo.name}`;
  const perms = permissions(ctx, repo);
  const body: Record<string, unknown> = {
    id: repo.id,
    node_id: nodeId('Repository', repo.id),
    name: repo.name,
    full_name: fullName,
    private: repo.private,
    owner: renderSimpleUser(ctx.urls, owner),
    description: repo.description,
    fork: repo.fork,
    ...repoUrls(ctx, fullName),
    mirror_url: null,
    homepage: repo.homepage,
    size: repo.size,
    stargazers_count: repo.stars,
    watchers_count: repo.stars,
    language: repo.language,
    has_issues: repo.hasIssues,
    has_projects: repo.hasProjects,
    has_downloads: true,
    has_wiki: repo.hasWiki,
    has_pages: repo.hasPages,
    has_discussions: repo.hasDiscussions,
    forks_count: repo.forks,
    archived: repo.archived,
    disabled: repo.disabled,
    open_issues_count: repo.openIssues,
    license: license(ctx, repo.licenseKey),
    allow_forking: true,
    is_template: repo.isTemplate,
    web_commit_signoff_required: false,
    topics: repo.topics,
    visibility: repo.private ? 'private' : 'public',
    forks: repo.forks,
    open_issues: repo.openIssues,
    watchers: repo.stars,
    default_branch: repo.defaultBranch,
    pushed_at: ghTime(repo.pushedAt),
    created_at: ghTime(repo.createdAt),
    updated_at: ghTime(repo.updatedAt),
  };
  if (perms) body.permissions = perms;
  if (!full) return body;
  body.subscribers_count = repo.watchers;
  body.network_count = repo.forks;
  if (perms?.admin) {
    // Only admins see the merge settings in REST (PROVIDERS.md §11.1); GraphQL shows everyone.
    const settings = mergeSettingsOf(repo);
    Object.assign(body, {
      allow_squash_merge: settings.allowSquashMerge,
      allow_merge_commit: settings.allowMergeCommit,
      allow_rebase_merge: settings.allowRebaseMerge,
      allow_auto_merge: settings.allowAutoMerge,
      delete_branch_on_merge: true,
      allow_update_branch: false,
      use_squash_pr_title_as_default: false,
    });
  }
  if (owner.type === 'Organization') body.organization = renderSimpleUser(ctx.urls, owner);
  const parent = repo.parentId !== null ? ctx.world.repos.get(repo.parentId) : undefined;
  if (repo.fork && parent) {
    body.parent = renderRepository(ctx, parent);
    body.source = renderRepository(ctx, parent);
  }
  return body;
}
