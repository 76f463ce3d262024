import type { User } from '@shipdeck/shared/auth';
import type { VercelConnection } from '@shipdeck/shared/vercel';
import type { UserRow } from './users.table.js';

/** The only way a user row leaves the server: no password hash, flags as booleans. */
export function toUserDto(row: UserRow, vercel: VercelConnection = null): User {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    email: row.email,
    avatar: row.avatar_url,
    githubId: row.github_id,
    githubLogin: row.github_login,
    role: row.role,
    vercelConnected: vercel?.status === 'connected',
    vercel,
    hasPassword: row.password_hash !== null,
    createdAt: row.created_at,
    preferences: {
      notifications: row.pref_notifications === 1,
      emailNotifications: row.pref_email_notifications === 1,
      emailDeploymentFailed: row.pref_email_deployment_failed === 1,
      emailReviewRequested: row.pref_email_review_requested === 1,
      emailReviewVerdict: row.pref_email_review_verdict === 1,
      emailChecksFailed: row.pref_email_checks_failed === 1,
      emailDigest: row.pref_email_digest === 1,
      digestHour: row.pref_digest_hour,
      timeZone: row.pref_time_zone,
      githubSync: row.pref_github_sync === 1,
      vercelSync: row.pref_vercel_sync === 1,
    },
  };
}
