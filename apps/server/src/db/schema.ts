import type { SessionsTable } from '../modules/auth/sessions.table.js';
import type { UsersTable } from '../modules/auth/users.table.js';
import type { RateLimitsTable } from '../modules/rate-limit/rate-limits.table.js';

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
}
