import type { AdminUser } from '@shipdeck/shared/admin';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../auth/users.table.js';

type VercelSummary = AdminUser['vercel'];

export function toAdminUserDto(row: UserRow, vercel: VercelSummary): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    githubLogin: row.github_login,
    vercel,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
    disabled: row.disabled_at !== null,
  };
}

/** Every account with its Vercel connection, oldest first (or the one named). */
export async function listAdminUsers(db: Db, onlyId?: string): Promise<AdminUser[]> {
  let query = db
    .selectFrom('users')
    .leftJoin('vercel_connections', 'vercel_connections.user_id', 'users.id')
    .selectAll('users')
    .select([
      'vercel_connections.username as vercel_username',
      'vercel_connections.source as vercel_source',
    ]);
  if (onlyId) query = query.where('users.id', '=', onlyId);
  const rows = await query.orderBy('users.created_at').orderBy('users.id').execute();
  return rows.map(({ vercel_username, vercel_source, ...user }) =>
    toAdminUserDto(
      user,
      vercel_username && vercel_source
        ? { username: vercel_username, source: vercel_source }
        : null,
    ),
  );
}
