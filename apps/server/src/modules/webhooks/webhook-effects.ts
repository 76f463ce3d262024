import type { ChangedResource } from '@shipdeck/shared/events';
import type { Audience } from '../notifications/audience.js';
import type { NotificationInput } from '../notifications/notify.js';

/** What one delivery means for Shipdeck: items for some users, and data that changed. */
export interface WebhookEffects {
  /** Everyone whose pages show the changed data. */
  audience: Audience;
  notifications: { audience: Audience; input: NotificationInput }[];
  changed: { resources: ChangedResource[]; repository?: string } | null;
  /** A Vercel project whose deployments to read again for everyone who has it synced. */
  vercelProjectToRead?: string;
  /**
   * Users whose GitHub data to refresh now: a pull request may have begun to involve them (opened,
   * assigned, review requested), and the store keeps only the pull requests its sync found.
   */
  githubRefreshFor?: Audience;
}

export const noEffects: WebhookEffects = {
  audience: { githubLogins: [] },
  notifications: [],
  changed: null,
};
