import { reminderTexts } from '@shipdeck/shared/team-reminders';
import { WAITING_ON_KINDS, type WaitingOnKind } from '@shipdeck/shared/teams';
import type { ReminderCandidate } from './reminder-filters.js';

export interface ReminderLine {
  repository: string;
  number: number;
  title: string;
  url: string;
  /** "opened 3 days ago". */
  age: string;
  /** Who it waits on, as `@login` (and `@org/slug` for a requested team). */
  people: string[];
}

/** One reminder's content, drawn once and sent as Slack blocks or an email. */
export interface ReminderMessage {
  heading: string;
  /** Slack's top-level `text`: what a notification shows. */
  text: string;
  total: number;
  teamUrl: string;
  groups: { kind: WaitingOnKind; title: string; lines: ReminderLine[] }[];
}

const HOUR_MS = 3_600_000;

/** The people a pull request waits on, @-named by GitHub login; a requested team by its key. */
function peopleOf(candidate: ReminderCandidate): string[] {
  const { waitingOn } = candidate.pull;
  const names = [...waitingOn.logins.map((login) => `@${login}`)];
  if (waitingOn.kind === 'reviewers') names.push(...waitingOn.teams.map((team) => `@${team}`));
  return [...new Set(names)];
}

/** Groups by who each pull request waits on, in the team page's order; empty groups left out. */
export function buildReminderMessage(
  teamName: string,
  teamUrl: string,
  candidates: readonly ReminderCandidate[],
  now: number,
): ReminderMessage {
  const groups = WAITING_ON_KINDS.map((kind) => ({
    kind,
    title: reminderTexts.groupTitles[kind],
    lines: candidates
      .filter((candidate) => candidate.pull.waitingOn.kind === kind)
      .map((candidate): ReminderLine => ({
        repository: candidate.pull.repository,
        number: candidate.pull.number,
        title: candidate.pull.title,
        url: candidate.pull.html_url,
        age: reminderTexts.age((now - Date.parse(candidate.pull.created_at)) / HOUR_MS),
        people: peopleOf(candidate),
      })),
  })).filter((group) => group.lines.length > 0);
  return {
    heading: reminderTexts.heading(teamName, candidates.length),
    text: reminderTexts.notificationText(teamName, candidates.length),
    total: candidates.length,
    teamUrl,
    groups,
  };
}

// Slack allows 50 blocks a message and 3,000 characters a section: the rest is one link away.
const MAX_BLOCKS = 50;
const MAX_SECTION = 3_000;

/** Slack's mrkdwn treats these three as control characters. */
function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function lineMrkdwn(line: ReminderLine): string {
  const link = `<${line.url}|${escapeMrkdwn(`${line.repository}#${line.number} ${line.title}`)}>`;
  const people = line.people.length > 0 ? ` · ${escapeMrkdwn(line.people.join(' '))}` : '';
  return `${link}\n${line.age}${people}`.slice(0, MAX_SECTION);
}

export interface SlackPayload {
  text: string;
  blocks: Record<string, unknown>[];
}

/** Block Kit: a header, then each group's title and one section per pull request. */
export function slackPayload(message: ReminderMessage): SlackPayload {
  const blocks: Record<string, unknown>[] = [
    { type: 'header', text: { type: 'plain_text', text: message.heading.slice(0, 150) } },
  ];
  // Room for the closing link.
  const room = MAX_BLOCKS - 1;
  let shown = 0;
  for (const group of message.groups) {
    if (blocks.length + 2 > room) break;
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: `*${group.title}* (${group.lines.length})` },
    });
    for (const line of group.lines) {
      if (blocks.length >= room) break;
      blocks.push({ type: 'section', text: { type: 'mrkdwn', text: lineMrkdwn(line) } });
      shown += 1;
    }
  }
  const left = message.total - shown;
  blocks.push({
    type: 'context',
    elements: [
      {
        type: 'mrkdwn',
        text: `${left > 0 ? `${reminderTexts.more(left)} · ` : ''}<${message.teamUrl}|${reminderTexts.openTeam}>`,
      },
    ],
  });
  return { text: message.text, blocks };
}
