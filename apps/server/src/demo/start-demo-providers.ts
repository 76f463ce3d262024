import { randomBytes } from 'node:crypto';
import { DEMO_OAUTH_APP } from '@shipdeck/emulator/emulator-options';
import { startEmulator } from '@shipdeck/emulator/start-emulator';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env.js';
import { mailConfig } from '../config/env.js';
import type { SmtpReceiver } from '../modules/mail/smtp-receiver.js';
import { startSmtpReceiver } from '../modules/mail/smtp-receiver.js';
import { demoMailbox } from './demo-mailbox.js';
import { demoSlack } from './demo-slack.js';
import { registerDemoReminders } from './demo-team-reminders.js';
import { DEMO_GITHUB_PATH, demoGithubProxy } from './demo-github-proxy.js';

/** A change (push, pull request, deployment) in the demo world about this often. */
export const DEMO_ACTIVITY_MS = 30_000;

export interface DemoProviders {
  config: AppConfig;
  /** Points the emulator's webhooks at the listening server and starts the live activity. */
  connect: (serverUrl: string) => void;
  close: () => Promise<void>;
  /** Key the emulator's /_emulator admin API asks for (x-emulator-key). */
  adminKey: string;
  /**
   * Serves the emulator's browser pages under PUBLIC_URL (/_demo/github), the demo mailbox and
   * Slack (/_demo/mail, /_demo/slack), and gives synced teams a demo reminder: call before listening.
   */
  serveBrowserPages: (app: FastifyInstance) => Promise<void>;
}

/**
 * Demo mode: the built-in emulator plays GitHub (and Vercel) in this process, and the server is
 * pointed at it exactly as it would be at GitHub Enterprise Server. It also delivers webhooks,
 * signed with the configured secrets or, without them, with secrets generated for this run.
 * Everything a browser is sent to (the authorize page, avatars, html_url pages) is addressed
 * under PUBLIC_URL and proxied to the emulator; the server's own calls stay on loopback.
 */
export async function startDemoProviders(
  config: AppConfig,
  options: { activityMs?: number } = {},
): Promise<DemoProviders> {
  // The admin API lists every emulated token: only whoever can read this process's log may use it.
  const adminKey = config.emulatorAdminKey ?? randomBytes(24).toString('base64url');
  const emulator = await startEmulator({
    port: config.emulatorPort,
    adminKey,
    webUrl: `${config.publicUrl}${DEMO_GITHUB_PATH}`,
  });
  // Without SMTP_URL the demo mails an SMTP server of its own, shown at /_demo/mail.
  const mailbox: SmtpReceiver | null = config.mail ? null : await startSmtpReceiver();
  const githubSecret = config.webhooks.githubSecret ?? randomBytes(32).toString('hex');
  const vercelSecret = config.webhooks.vercelSecret ?? randomBytes(32).toString('hex');
  return {
    config: {
      ...config,
      github: {
        apiUrl: emulator.githubApiUrl,
        webUrl: emulator.webUrl,
        oauth: {
          clientId: DEMO_OAUTH_APP.clientId,
          clientSecret: DEMO_OAUTH_APP.clientSecret,
          accessTokenUrl: emulator.accessTokenUrl,
        },
      },
      // "Use the demo account" in the Connect Vercel dialog connects the emulator's demo token,
      // which stays on the server.
      vercel: {
        apiUrl: emulator.vercelApiUrl,
        serverToken: emulator.demo.vercelToken,
        serverTeamId: null,
      },
      webhooks: { ...config.webhooks, githubSecret, vercelSecret },
      mail: mailbox ? mailConfig(mailbox.url, config.mailFrom) : config.mail,
      // Reminders may post to the emulator's Slack receiver (shown at /_demo/slack).
      slackWebhookHosts: [...config.slackWebhookHosts, emulator.url],
    },
    connect: (serverUrl) => {
      const base = serverUrl.replace(/\/$/, '');
      emulator.webhooks.addGithubTarget({ url: `${base}/webhooks/github`, secret: githubSecret });
      emulator.webhooks.addVercelTarget({ url: `${base}/webhooks/vercel`, secret: vercelSecret });
      const activityMs = options.activityMs ?? DEMO_ACTIVITY_MS;
      if (activityMs > 0) emulator.startActivity(activityMs);
    },
    close: async () => {
      await emulator.close({ finishDeployments: false });
      await mailbox?.close();
    },
    adminKey,
    serveBrowserPages: async (app) => {
      await app.register(demoGithubProxy, { emulatorUrl: emulator.url });
      if (mailbox) await app.register(demoMailbox, { receiver: mailbox });
      await app.register(demoSlack, { inbox: emulator.slack, emulatorUrl: emulator.url });
      await registerDemoReminders(app, () => emulator.newSlackWebhookUrl());
    },
  };
}
