import type { Account } from '../../data/model.js';
import { nodeId } from '../../data/ids.js';
import type { GithubUrls } from '../urls.js';
import { ghTime } from '../urls.js';

/** `simple-user`: the compact account object embedded everywhere. */
export function renderSimpleUser(urls: GithubUrls, account: Account): Record<string, unknown> {
  const base = urls.user(account.login);
  return {
    login: account.login,
    id: account.id,
    node_id: nodeId(
      account.type === 'Organization' ? 'Organization' : account.type === 'Bot' ? 'Bot' : 'User',
      account.id,
    ),
    avatar_url: urls.avatar(account.id),
    gravatar_id: '',
    url: base,
    html_url:
      account.type === 'Bot'
        ? `${urls.web}/apps/${encodeURIComponent(account.login.replace(/\[bot\]$/, ''))}`
        : urls.userHtml(account.login),
    followers_url: `${base}/followers`,
    following_url: `${base}/following{/other_user}`,
    gists_url: `${base}/gists{/gist_id}`,
    starred_url: `${base}/starred{/owner}{/repo}`,
    subscriptions_url: `${base}/subscriptions`,
    organizations_url: `${base}/orgs`,
    repos_url: `${base}/repos`,
    events_url: `${base}/events{/privacy}`,
    received_events_url: `${base}/received_events`,
    type: account.type,
    user_view_type: 'public',
    site_admin: false,
  };
}

export interface PrivateCounts {
  publicRepos: number;
  totalPrivateRepos: number;
  ownedPrivateRepos: number;
}

/** `public-user`, or `private-user` when the token may see private profile fields. */
export function renderFullUser(
  urls: GithubUrls,
  account: Account,
  counts: PrivateCounts,
  privateView: boolean,
): Record<string, unknown> {
  const user: Record<string, unknown> = {
    ...renderSimpleUser(urls, account),
    user_view_type: privateView ? 'private' : 'public',
    name: account.name,
    company: account.company,
    blog: account.blog ?? '',
    location: account.location,
    email: account.publicEmail,
    hireable: account.hireable,
    bio: account.bio,
    twitter_username: account.twitterUsername,
    notification_email: privateView ? account.publicEmail : undefined,
    public_repos: counts.publicRepos,
    public_gists: account.publicGists,
    followers: account.followers,
    following: account.following,
    created_at: ghTime(account.createdAt),
    updated_at: ghTime(account.updatedAt),
  };
  if (!privateView) {
    delete user.notification_email;
    return user;
  }
  return {
    ...user,
    private_gists: account.privateGists,
    total_private_repos: counts.totalPrivateRepos,
    owned_private_repos: counts.ownedPrivateRepos,
    disk_usage: 10_000 + counts.publicRepos * 37,
    collaborators: 3,
    two_factor_authentication: account.twoFactorAuthentication,
    plan: { name: 'pro', space: 976562499, collaborators: 0, private_repos: 9999 },
  };
}
