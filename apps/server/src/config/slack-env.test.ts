import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';

describe('SLACK_WEBHOOK_HOSTS', () => {
  it("allows only Slack's own origin unless set (empty is unset)", () => {
    expect(loadConfig({}).slackWebhookHosts).toEqual(['https://hooks.slack.com']);
    expect(loadConfig({ SLACK_WEBHOOK_HOSTS: '' }).slackWebhookHosts).toEqual([
      'https://hooks.slack.com',
    ]);
  });

  it('takes a comma-separated list of origins, a trailing slash forgiven', () => {
    expect(
      loadConfig({ SLACK_WEBHOOK_HOSTS: 'https://hooks.slack.com, https://chat.example.com:8443/' })
        .slackWebhookHosts,
    ).toEqual(['https://hooks.slack.com', 'https://chat.example.com:8443']);
  });

  it('refuses anything but origins, naming the setting', () => {
    for (const value of [
      'hooks.slack.com',
      'https://hooks.slack.com/services',
      'ftp://hooks.slack.com',
      'https://user:pass@hooks.slack.com',
      ',',
    ]) {
      expect(() => loadConfig({ SLACK_WEBHOOK_HOSTS: value })).toThrow(
        /SLACK_WEBHOOK_HOSTS: must be a comma-separated list of origins/,
      );
    }
  });
});
