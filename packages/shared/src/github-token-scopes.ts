// What a personal access token needs, said once for the server's check and the token form; no
// zod here, so the form's page does not load the schema library for four lists.

/**
 * A classic personal access token reads repositories with one of these scopes (`repo` for private
 * ones too); without either, GitHub's answers would leave the store empty, so the token is refused.
 */
export const GITHUB_TOKEN_REPO_SCOPES = ['repo', 'public_repo'] as const;
/**
 * The classic scopes the token form asks for: every repository, and organisation membership.
 * `repo` also lets the token read and change notifications (GitHub accepts `notifications` or
 * `repo` there), so the inbox needs nothing more from a token made with these.
 */
export const GITHUB_TOKEN_SUGGESTED_SCOPES = ['repo', 'read:org'] as const;
/** Either of these classic scopes lets a token use GitHub's notifications API (the inbox). */
export const GITHUB_NOTIFICATION_SCOPES = ['notifications', 'repo'] as const;
/** Read-only repository permissions a fine-grained token needs (GitHub reports no scopes for it). */
export const GITHUB_FINE_GRAINED_PERMISSIONS = [
  'Metadata',
  'Contents',
  'Pull requests',
  'Commit statuses',
] as const;
/** Where a person makes a token, under this installation's GitHub web address. */
export const GITHUB_TOKENS_PATH = '/settings/tokens';
