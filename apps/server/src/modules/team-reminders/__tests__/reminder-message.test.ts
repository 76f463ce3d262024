import { describe, expect, it } from 'vitest';
import { buildReminderMessage, slackPayload } from '../reminder-message.js';
import { isAllowedSlackWebhookUrl, lastFour } from '../slack-webhook-url.js';
import { candidate, teamPull } from './team-pull.fixture.js';

const now = Date.parse('2026-11-30T09:00:00Z');
const teamUrl = 'https://deck.example.com/teams/acme/platform';

describe('the reminder message', () => {
  const pulls = [
    candidate(
      teamPull(now, {
        id: 1,
        number: 1,
        title: 'Fix <script> & co',
        ageHours: 72,
        waitingOn: {
          kind: 'reviewers',
          logins: ['bob'],
          teams: ['acme/platform'],
          reason: 'review requested',
        },
      }),
    ),
    candidate(
      teamPull(now, {
        id: 2,
        number: 2,
        ageHours: 5,
        waitingOn: { kind: 'author', logins: ['alice'], teams: [], reason: 'failing checks' },
      }),
    ),
  ];

  it('groups by who they wait on, naming people by GitHub login with age and link', () => {
    const message = buildReminderMessage('Platform', teamUrl, pulls, now);
    expect(message.heading).toBe('Platform: 2 pull requests waiting');
    expect(message.groups.map((g) => [g.kind, g.lines.map((l) => l.number)])).toEqual([
      ['reviewers', [1]],
      ['author', [2]],
    ]);
    expect(message.groups[0]?.lines[0]).toMatchObject({
      age: 'opened 3 days ago',
      people: ['@bob', '@acme/platform'],
      url: 'https://github.com/acme/api/pull/7',
    });
    expect(message.groups[1]?.lines[0]?.age).toBe('opened 5 hours ago');
  });

  it('is Block Kit with a header and the top-level text beside the blocks, escaped', () => {
    const payload = slackPayload(buildReminderMessage('Platform', teamUrl, pulls, now));
    expect(payload.text).toBe('2 pull requests of Platform are waiting');
    expect(payload.blocks[0]).toEqual({
      type: 'header',
      text: { type: 'plain_text', text: 'Platform: 2 pull requests waiting' },
    });
    const texts = JSON.stringify(payload.blocks);
    expect(texts).toContain('*Waiting on reviewers* (1)');
    expect(texts).toContain('Fix &lt;script&gt; &amp; co');
    expect(texts).toContain('@bob @acme/platform');
    expect(texts).toContain(`<${teamUrl}|Open the team page>`);
  });

  it('stays within 50 blocks and says how many more wait', () => {
    const many = Array.from({ length: 120 }, (_, index) =>
      candidate(teamPull(now, { id: index + 1, number: index + 1 })),
    );
    const payload = slackPayload(buildReminderMessage('Platform', teamUrl, many, now));
    expect(payload.blocks.length).toBeLessThanOrEqual(50);
    const shown = payload.blocks.length - 3; // header, group title, closing context
    expect(JSON.stringify(payload.blocks.at(-1))).toContain(`and ${120 - shown} more`);
  });
});

describe('the Slack host rule', () => {
  const allowed = ['https://hooks.slack.com'];
  it('takes only URLs on an allowed origin', () => {
    expect(isAllowedSlackWebhookUrl('https://hooks.slack.com/services/T1/B2/xyz', allowed)).toBe(
      true,
    );
    for (const url of [
      'http://hooks.slack.com/services/T1/B2/xyz',
      'https://hooks.slack.com.evil.example/services/x',
      'https://evil.example/?https://hooks.slack.com/',
      'https://user@hooks.slack.com/services/x',
      'http://127.0.0.1:5432/',
      'http://169.254.169.254/latest/meta-data',
      'https://hooks.slack.com:8443/services/x',
      'https://hooks.slack.com/',
      'not a url',
    ]) {
      expect(isAllowedSlackWebhookUrl(url, allowed), url).toBe(false);
    }
  });
  it('shows only the last four characters', () => {
    expect(lastFour('https://hooks.slack.com/services/T1/B2/abcdWXYZ')).toBe('WXYZ');
  });
});
