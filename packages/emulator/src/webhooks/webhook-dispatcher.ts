import { randomUUID } from 'node:crypto';
import { randomToken } from '../data/ids.js';
import { githubSignature1, githubSignature256, vercelSignature } from './sign.js';
import type { GithubWebhookTarget, VercelWebhookTarget, WebhookConfig } from './webhook-config.js';

export interface WebhookDelivery {
  /** X-GitHub-Delivery GUID, or the Vercel event id. */
  id: string;
  provider: 'github' | 'vercel';
  event: string;
  url: string;
  status: number | null;
  error: string | null;
  deliveredAt: string;
  durationMs: number;
}

const HOOK_ID_BASE = 500_000_000;
const TIMEOUT_MS = 10_000;

/** Signs and POSTs webhook deliveries to the configured URLs, keeping a log of each attempt. */
export class WebhookDispatcher {
  private readonly github: GithubWebhookTarget[];
  private readonly vercel: VercelWebhookTarget[];
  private readonly log: WebhookDelivery[] = [];

  constructor(config: WebhookConfig = {}) {
    this.github = [...(config.github ?? [])];
    this.vercel = [...(config.vercel ?? [])];
  }

  get deliveries(): readonly WebhookDelivery[] {
    return this.log;
  }

  addGithubTarget(target: GithubWebhookTarget): void {
    this.github.push(target);
  }

  addVercelTarget(target: VercelWebhookTarget): void {
    this.vercel.push(target);
  }

  clearTargets(): void {
    this.github.length = 0;
    this.vercel.length = 0;
  }

  private async post(
    provider: WebhookDelivery['provider'],
    event: string,
    id: string,
    url: string,
    body: string,
    headers: Record<string, string>,
  ): Promise<WebhookDelivery> {
    const started = performance.now();
    const delivery: WebhookDelivery = {
      id,
      provider,
      event,
      url,
      status: null,
      error: null,
      deliveredAt: new Date().toISOString(),
      durationMs: 0,
    };
    try {
      const response = await fetch(url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', ...headers },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.arrayBuffer();
      delivery.status = response.status;
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    delivery.durationMs = Math.round(performance.now() - started);
    this.log.push(delivery);
    if (this.log.length > 1000) this.log.splice(0, this.log.length - 1000);
    return delivery;
  }

  /** Sends one GitHub event to every target that wants it; resolves when all answered. */
  async sendGithub(
    event: string,
    payload: unknown,
    repositoryId: number,
  ): Promise<WebhookDelivery[]> {
    const body = JSON.stringify(payload);
    return Promise.all(
      this.github
        .map((target, index) => ({ target, index }))
        .filter(
          ({ target }) =>
            !target.events || target.events.includes(event) || target.events.includes('*'),
        )
        .map(({ target, index }) => {
          const id = randomUUID();
          const headers: Record<string, string> = {
            'user-agent': 'GitHub-Hookshot/8e5b8f3',
            'x-github-event': event,
            'x-github-delivery': id,
            'x-github-hook-id': String(HOOK_ID_BASE + index),
            'x-github-hook-installation-target-type': 'repository',
            'x-github-hook-installation-target-id': String(repositoryId),
          };
          if (target.secret) {
            headers['x-hub-signature-256'] = githubSignature256(target.secret, body);
            headers['x-hub-signature'] = githubSignature1(target.secret, body);
          }
          return this.post('github', event, id, target.url, body, headers);
        }),
    );
  }

  /** Sends one Vercel event (`{id, type, createdAt, region, payload}`) to every target. */
  async sendVercel(type: string, payload: unknown): Promise<WebhookDelivery[]> {
    return Promise.all(
      this.vercel
        .filter((target) => !target.events || target.events.includes(type))
        .map((target) => {
          const id = randomToken(24);
          const body = JSON.stringify({ id, type, createdAt: Date.now(), region: 'iad1', payload });
          const headers: Record<string, string> = { 'user-agent': 'Vercel/Webhooks' };
          if (target.secret) headers['x-vercel-signature'] = vercelSignature(target.secret, body);
          return this.post('vercel', type, id, target.url, body, headers);
        }),
    );
  }
}
