import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { Migrator, PostgresAdapter, sql } from 'kysely';
import * as accounts from './migrations/2026-11-22-001-accounts.js';
import * as githubSignIn from './migrations/2026-11-22-002-github-sign-in.js';
import * as githubCache from './migrations/2026-11-22-003-github-cache.js';
import * as syncState from './migrations/2026-11-23-001-sync-state.js';
import * as jobs from './migrations/2026-11-23-010-jobs.js';
import * as githubRepositories from './migrations/2026-11-23-020-github-repositories.js';
import * as githubPullRequests from './migrations/2026-11-23-021-github-pull-requests.js';
import * as githubCommits from './migrations/2026-11-23-022-github-commits.js';
import * as githubDailySnapshots from './migrations/2026-11-23-023-github-daily-snapshots.js';
import * as involvementConfirmed from './migrations/2026-11-23-024-involvement-confirmed.js';
import * as storeVersion from './migrations/2026-11-23-025-store-version.js';
import * as vercel from './migrations/2026-11-23-030-vercel.js';
import * as notifications from './migrations/2026-11-23-040-notifications.js';
import * as events from './migrations/2026-11-23-041-events.js';
import * as webhookDeliveries from './migrations/2026-11-23-042-webhook-deliveries.js';
import * as githubRateBudgets from './migrations/2026-11-23-043-github-rate-budgets.js';
import * as oauthBrowserBinding from './migrations/2026-11-23-050-oauth-browser-binding.js';
import * as sessionGithubVerified from './migrations/2026-11-23-051-session-github-verified.js';
import * as accountChangeTriggers from './migrations/2026-11-23-060-account-change-triggers.js';
import * as jobKeys from './migrations/2026-11-23-070-job-keys.js';
import * as commitContainment from './migrations/2026-11-26-100-commit-containment.js';
import * as githubInbox from './migrations/2026-11-26-120-github-inbox.js';
import * as instanceAccess from './migrations/2026-11-27-100-instance-access.js';
import * as mail from './migrations/2026-11-27-300-mail.js';
import * as emailChanges from './migrations/2026-11-27-301-email-changes.js';
import * as emailNotificationPreferences from './migrations/2026-11-28-100-email-notification-preferences.js';
import * as githubRateWindows from './migrations/2026-11-27-200-github-rate-windows.js';
import * as teamReminders from './migrations/2026-11-28-400-team-reminders.js';
import * as teams from './migrations/2026-11-28-300-teams.js';
import * as pullRequestActions from './migrations/2026-11-28-500-pull-request-actions.js';
import * as checksRerunBy from './migrations/2026-11-28-510-checks-rerun-by.js';
import * as checksRerunAsker from './migrations/2026-11-28-520-checks-rerun-asker.js';

// Listed explicitly (not read from disk) so the same list works from src under tsx and from dist.
const migrations: Record<string, Migration> = {
  '2026-11-22-001-accounts': accounts,
  '2026-11-22-002-github-sign-in': githubSignIn,
  '2026-11-22-003-github-cache': githubCache,
  '2026-11-23-001-sync-state': syncState,
  '2026-11-23-010-jobs': jobs,
  '2026-11-23-020-github-repositories': githubRepositories,
  '2026-11-23-021-github-pull-requests': githubPullRequests,
  '2026-11-23-022-github-commits': githubCommits,
  '2026-11-23-023-github-daily-snapshots': githubDailySnapshots,
  '2026-11-23-024-involvement-confirmed': involvementConfirmed,
  '2026-11-23-025-store-version': storeVersion,
  '2026-11-23-030-vercel': vercel,
  '2026-11-23-040-notifications': notifications,
  '2026-11-23-041-events': events,
  '2026-11-23-042-webhook-deliveries': webhookDeliveries,
  '2026-11-23-043-github-rate-budgets': githubRateBudgets,
  '2026-11-23-050-oauth-browser-binding': oauthBrowserBinding,
  '2026-11-23-051-session-github-verified': sessionGithubVerified,
  '2026-11-23-060-account-change-triggers': accountChangeTriggers,
  '2026-11-23-070-job-keys': jobKeys,
  '2026-11-26-100-commit-containment': commitContainment,
  '2026-11-26-120-github-inbox': githubInbox,
  '2026-11-27-100-instance-access': instanceAccess,
  '2026-11-27-200-github-rate-windows': githubRateWindows,
  '2026-11-27-300-mail': mail,
  '2026-11-27-301-email-changes': emailChanges,
  '2026-11-28-100-email-notification-preferences': emailNotificationPreferences,
  '2026-11-28-300-teams': teams,
  '2026-11-28-400-team-reminders': teamReminders,
  '2026-11-28-500-pull-request-actions': pullRequestActions,
  '2026-11-28-510-checks-rerun-by': checksRerunBy,
  '2026-11-28-520-checks-rerun-asker': checksRerunAsker,
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/**
 * Brings the schema up to date; Kysely's migration lock makes concurrent starts safe. `schema`
 * names the PostgreSQL schema the app is confined to (each test run's own): Kysely looks for its
 * bookkeeping tables across every schema unless told which, and would take another schema's for
 * this one's.
 */
export async function migrateToLatest<T>(db: Kysely<T>, schema?: string): Promise<void> {
  // Features land from parallel branches, so a migration may sort before one already applied.
  // Kysely looks for its migration tables in every schema unless told which one: a second
  // database in another schema of the same server (parallel test runs) would hide them.
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
          ?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}`, { cause: error });
  }
}
