import { z } from 'zod';

/** The fields of GitHub's `thread` object Shipdeck keeps (PROVIDERS.md 9.1). */
const threadSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  reason: z.string(),
  unread: z.boolean(),
  updated_at: z.string(),
  last_read_at: z.string().nullable().optional(),
  subject: z.object({
    title: z.string().nullable().optional(),
    url: z.string().nullable().optional(),
    latest_comment_url: z.string().nullable().optional(),
    type: z.string().nullable().optional(),
  }),
  repository: z.object({ full_name: z.string(), html_url: z.string() }),
});
export type WireThread = z.infer<typeof threadSchema>;

/** The threads of one page; an item GitHub sent in a shape Shipdeck cannot read is skipped. */
export function parseThreads(data: unknown): WireThread[] {
  if (!Array.isArray(data)) throw new Error('GitHub answered /notifications with no list');
  return data.flatMap((item) => {
    const parsed = threadSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** GitHub's second-precision times as the store keeps every time (ISO with milliseconds). */
export function isoTime(value: string): string {
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time).toISOString() : value;
}

const SUBJECT_PATH =
  /\/repos\/[^/]+\/[^/]+\/(pulls|issues|commits|releases|discussions)\/([^/?#]+)$/;
const COMMENT_PATH = /\/repos\/[^/]+\/[^/]+\/(issues\/comments|pulls\/comments|comments)\/(\d+)$/;
/** GitHub Actions' title of a workflow-run notification, which Gitify parses the same way. */
const WORKFLOW_TITLE =
  /^(.+?) workflow run(?:, Attempt #\d+)? (succeeded|failed|cancelled|skipped) for (\S+) branch$/;
const RUN_STATUS: Record<string, string> = {
  succeeded: 'success',
  failed: 'failure',
  cancelled: 'cancelled',
  skipped: 'skipped',
};

/** The Actions page, narrowed to the workflow, outcome and branch the title names when it does. */
function actionsLink(base: string, title: string | null | undefined): string {
  const match = title ? WORKFLOW_TITLE.exec(title) : null;
  if (!match?.[1] || !match[2] || !match[3]) return `${base}/actions`;
  const query = `workflow:"${match[1]}" is:${RUN_STATUS[match[2]] ?? match[2]} branch:${match[3]}`;
  return `${base}/actions?query=${encodeURIComponent(query)}`;
}

/** The anchor of the latest comment, when it is a comment on this subject. */
function commentAnchor(kind: string, latestCommentUrl: string | null | undefined): string {
  const comment = latestCommentUrl ? COMMENT_PATH.exec(latestCommentUrl) : null;
  if (!comment?.[1] || !comment[2]) return '';
  const [, where, id] = comment;
  if (where === 'issues/comments' && (kind === 'pulls' || kind === 'issues')) {
    return `#issuecomment-${id}`;
  }
  if (where === 'pulls/comments' && kind === 'pulls') return `#discussion_r${id}`;
  if (where === 'comments' && kind === 'commits') return `#commitcomment-${id}`;
  return '';
}

/** The pull request's number when the thread is about one. */
export function pullRequestNumber(subject: WireThread['subject']): number | null {
  if (subject.type !== 'PullRequest' || !subject.url) return null;
  const match = SUBJECT_PATH.exec(subject.url);
  return match?.[1] === 'pulls' && match[2] && /^\d+$/.test(match[2]) ? Number(match[2]) : null;
}

/**
 * The subject's page on the GitHub server the thread came from, derived as Gitify and Octobox
 * do from `subject.url` (an API URL) and the repository's `html_url`, so it works on GitHub
 * Enterprise Server too: pulls → /pull/N, issues → /issues/N, commits → /commit/SHA, releases →
 * the releases page, a CheckSuite → the Actions page (searched for its workflow, outcome and
 * branch, as Gitify does), an alert → the security page; the latest comment's anchor
 * (`#issuecomment-`, `#discussion_r`, `#commitcomment-`) is added when it is one on the subject.
 */
export function threadWebLink(thread: Pick<WireThread, 'subject' | 'repository'>): string {
  const base = thread.repository.html_url.replace(/\/+$/, '');
  const { subject } = thread;
  const match = subject.url ? SUBJECT_PATH.exec(subject.url) : null;
  let link: string;
  if (match?.[1] && match[2]) {
    const [, kind, id] = match;
    if (kind === 'pulls') link = `${base}/pull/${id}`;
    else if (kind === 'issues') link = `${base}/issues/${id}`;
    else if (kind === 'commits') link = `${base}/commit/${id}`;
    else if (kind === 'discussions') link = `${base}/discussions/${id}`;
    else link = `${base}/releases`;
    link += commentAnchor(kind, subject.latest_comment_url);
    return link;
  }
  switch (subject.type) {
    case 'CheckSuite':
    case 'WorkflowRun':
      return actionsLink(base, subject.title);
    case 'RepositoryVulnerabilityAlert':
    case 'RepositoryDependabotAlertsThread':
      return `${base}/security/dependabot`;
    case 'RepositoryInvitation':
      return `${base}/invitations`;
    case 'Discussion':
      return `${base}/discussions`;
    case 'Release':
      return `${base}/releases`;
    default:
      return base;
  }
}
