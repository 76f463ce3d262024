import type { WaitingOnKind } from '@shipdeck/shared/teams';

/** Every text the team pages and the dashboard's teams card show, written once. */
export const teamTexts = {
  loadTeam: 'Failed to load this team',
  loadTeams: 'Failed to load your teams',
  notFoundTitle: 'Team not found',
  notFoundDescription:
    'GitHub does not list this team for your account, or it does not exist. Only members see a team here.',
  openOnGithub: 'Open on GitHub',
  backToDashboard: 'Dashboard',
  waitingTitle: 'Waiting on whom',
  waitingDescription:
    'Every open pull request in the team’s repositories you can read, by who it waits on.',
  loadPullRequests: 'Failed to load the team’s pull requests',
  emptyGroup: 'Nothing waits here.',
  showAll: (total: number) => `Show all ${total}`,
  showingAll: 'Loading the rest…',
  nothingOpen: 'No open pull request matches.',
  filters: {
    waitingOn: 'Waiting on',
    anyone: 'Anyone',
    stale: 'No activity for',
    anyStaleness: 'Any time',
    drafts: 'Drafts',
    draftsShow: 'Shown',
    draftsHide: 'Hidden',
    sort: 'Sort by',
    sortAge: 'Oldest first',
    sortStale: 'Most stale first',
  },
  groups: {
    reviewers: 'Waiting on reviewers',
    author: 'Waiting on the author',
    merge: 'Ready to merge',
  } satisfies Record<WaitingOnKind, string>,
  groupHints: {
    reviewers: 'A review was asked of a person or a team and not yet given.',
    author: 'A draft, changes requested, a failing check or a merge conflict.',
    merge: 'Approved, checks passed, nothing requested: whoever may merge it.',
  } satisfies Record<WaitingOnKind, string>,
  reviewLoadTitle: 'Review load',
  reviewLoadDescription:
    'Open review requests per member, reviews given and the median time to a first review over 30 days.',
  loadReviewLoad: 'Failed to load the review load',
  noAccount: 'no Shipdeck account',
  doraTitle: 'Team DORA',
  doraDescription:
    'DORA’s four keys over the Vercel projects linked to the team’s repositories, computed as on Insights.',
  firstDeploymentRule:
    'A project’s first recorded deployment counts for deployment frequency but not for lead time: it would carry every change made before Shipdeck saw the project.',
  loadDora: 'Failed to load the team’s DORA figures',
  noDoraTitle: 'No deployment data for this team',
  noDoraDescription:
    'None of the team’s repositories you can read is linked to a Vercel project with synced production deployments yet.',
} as const;

/** The order the team page shows the groups in (the server's WAITING_ON_KINDS, without zod). */
export const WAITING_ON_ORDER: readonly WaitingOnKind[] = ['reviewers', 'author', 'merge'];

export const count = (value: number, word: string, plural = `${word}s`) =>
  `${value} ${value === 1 ? word : plural}`;

export const reminderTexts = {
  title: 'Scheduled reminders',
  description:
    'A message to Slack or to the team’s email at the times you choose, listing the pull requests that wait.',
  load: 'Failed to load the reminders',
  none: 'No reminder yet. Any member may add one.',
  add: 'New reminder',
  edit: 'Edit',
  editTitle: 'Edit reminder',
  newTitle: 'New reminder',
  save: 'Save reminder',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteTitle: 'Delete this reminder?',
  deleteDescription: 'It stops at once and cannot be brought back.',
  deleteConfirm: 'Delete reminder',
  deleteFailed: 'The reminder could not be deleted.',
  saveFailed: 'The reminder could not be saved.',
  toggleFailed: 'The reminder could not be changed.',
  sendTest: 'Send test now',
  testFailed: 'The test could not be sent.',
  enabled: 'Enabled',
  neverSent: 'Never sent',
  keepUrl: 'Leave empty to keep the current URL.',
  slackUrlHint: 'A Slack incoming-webhook URL. It is stored sealed and never shown again in full.',
  emailHint: 'Sent to the team’s members who have a Shipdeck account with email set up.',
  timesHint: '24-hour times separated by commas, e.g. 09:00, 14:30.',
  listHint: 'Separated by commas.',
} as const;

export const DAY_LABELS = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
} as const;
