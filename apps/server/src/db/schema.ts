import type { JobKeysTable, JobSchedulesTable, JobsTable } from '../jobs/jobs.table.js';
import type { ProviderTokensTable } from '../modules/connections/provider-tokens.table.js';
import type { GithubCacheTable } from '../modules/github-client/github-cache.table.js';
import type { GithubCommitContainmentTable } from '../modules/github-store/commit-containment.table.js';
import type { GithubRateBudgetsTable } from '../modules/github-client/github-rate-budgets.table.js';
import type { GithubRateWindowsTable } from '../modules/github-client/github-rate-windows.table.js';
import type { MailMessagesTable } from '../modules/mail/mail-messages.table.js';
import type {
  TeamReminderDeliveriesTable,
  TeamRemindersTable,
} from '../modules/team-reminders/team-reminders.table.js';
import type { EmailChangesTable } from '../modules/mail/email-change/email-changes.table.js';
import type { OAuthHandoffsTable } from '../modules/github-auth/oauth-handoffs.table.js';
import type { OAuthStatesTable } from '../modules/github-auth/oauth-states.table.js';
import type { SessionsTable } from '../modules/auth/sessions.table.js';
import type { UsersTable } from '../modules/auth/users.table.js';
import type { RateLimitsTable } from '../modules/rate-limit/rate-limits.table.js';
import type { EventTicketsTable } from '../modules/events/event-tickets.table.js';
import type { EventsTable } from '../modules/events/events.table.js';
import type { NotificationsTable } from '../modules/notifications/notifications.table.js';
import type {
  GithubInboxPollsTable,
  GithubNotificationThreadsTable,
} from '../modules/github-inbox/github-inbox.table.js';
import type { WebhookDeliveriesTable } from '../modules/webhooks/webhook-deliveries.table.js';
import type { SyncStateTable } from '../modules/connections/sync-state.table.js';
import type { GithubCommitsTable } from '../modules/github-store/github-commits.table.js';
import type { GithubDailySnapshotsTable } from '../modules/github-store/github-daily-snapshots.table.js';
import type {
  GithubPullRequestInvolvementTable,
  GithubPullRequestsTable,
} from '../modules/github-store/github-pull-requests.table.js';
import type {
  GithubRepositoriesTable,
  GithubRepositoryAccessTable,
} from '../modules/github-store/github-repositories.table.js';
import type {
  GithubPullRequestReviewRequestsTable,
  GithubPullRequestReviewsTable,
  GithubTeamMembersTable,
  GithubTeamRepositoriesTable,
  GithubTeamSyncsTable,
  GithubTeamViewersTable,
  GithubTeamsTable,
} from '../modules/github-store/github-teams.table.js';
import type { AuditLogTable } from '../modules/audit/audit-log.table.js';
import type {
  GithubMergePreferencesTable,
  PullRequestActionLocksTable,
} from '../modules/pull-request-actions/pull-request-actions.table.js';
import type { InstanceSettingsTable } from '../modules/instance-settings/instance-settings.table.js';
import type { InvitationsTable } from '../modules/invitations/invitations.table.js';
import type { PasswordResetsTable } from '../modules/password-reset/password-resets.table.js';
import type { VercelConnectionsTable } from '../modules/vercel-store/vercel-connections.table.js';
import type { VercelDeploymentsTable } from '../modules/vercel-store/vercel-deployments.table.js';
import type { VercelProjectsTable } from '../modules/vercel-store/vercel-projects.table.js';

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  oauth_states: OAuthStatesTable;
  oauth_handoffs: OAuthHandoffsTable;
  provider_tokens: ProviderTokensTable;
  github_cache: GithubCacheTable;
  github_commit_containment: GithubCommitContainmentTable;
  sync_state: SyncStateTable;
  github_repositories: GithubRepositoriesTable;
  github_repository_access: GithubRepositoryAccessTable;
  github_pull_requests: GithubPullRequestsTable;
  github_pull_request_involvement: GithubPullRequestInvolvementTable;
  github_commits: GithubCommitsTable;
  github_daily_snapshots: GithubDailySnapshotsTable;
  github_rate_budgets: GithubRateBudgetsTable;
  github_rate_windows: GithubRateWindowsTable;
  github_teams: GithubTeamsTable;
  github_team_viewers: GithubTeamViewersTable;
  github_team_members: GithubTeamMembersTable;
  github_team_repositories: GithubTeamRepositoriesTable;
  github_team_syncs: GithubTeamSyncsTable;
  github_pull_request_reviews: GithubPullRequestReviewsTable;
  github_pull_request_review_requests: GithubPullRequestReviewRequestsTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  job_keys: JobKeysTable;
  vercel_connections: VercelConnectionsTable;
  vercel_projects: VercelProjectsTable;
  vercel_deployments: VercelDeploymentsTable;
  notifications: NotificationsTable;
  github_notification_threads: GithubNotificationThreadsTable;
  github_inbox_polls: GithubInboxPollsTable;
  events: EventsTable;
  event_tickets: EventTicketsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  instance_settings: InstanceSettingsTable;
  invitations: InvitationsTable;
  password_resets: PasswordResetsTable;
  audit_log: AuditLogTable;
  mail_messages: MailMessagesTable;
  team_reminders: TeamRemindersTable;
  team_reminder_deliveries: TeamReminderDeliveriesTable;
  email_changes: EmailChangesTable;
  github_merge_preferences: GithubMergePreferencesTable;
  pull_request_action_locks: PullRequestActionLocksTable;
}
