import type { Rng } from '../data/rng.js';
import type { World } from '../data/world.js';
import type { RenderContext } from '../github/render/render-context.js';
import type { WebhookDelivery, WebhookDispatcher } from '../webhooks/webhook-dispatcher.js';

/** What every kind of activity needs. */
export interface ActivityContext {
  world: World;
  webhooks: WebhookDispatcher;
  /** Rendering as an anonymous viewer, as webhook payloads are. */
  render(): RenderContext;
  rng: Rng;
  /** Time between deployment states (QUEUED → BUILDING → READY/ERROR). */
  deploymentStepMs: number;
  /** Aborted when the emulator closes: deployments stop where they are instead of finishing. */
  signal?: AbortSignal;
  /** Collects webhook deliveries made on behalf of one activity. */
  deliveries: WebhookDelivery[];
}
