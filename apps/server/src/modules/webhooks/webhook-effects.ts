import type { ChangedResource } from '@shipdeck/shared/events';
import type { NotificationInput } from '../notifications/notify.js';

/** Who a change concerns, by GitHub login, until the store's access tables resolve it by id. */
export interface Audience {
  githubLogins: string[];
}

/** What one delivery means for Shipdeck: items for some users, and data that changed. */
export interface WebhookEffects {
  /** Everyone whose pages show the changed data. */
  audience: Audience;
  notifications: { audience: Audience; input: NotificationInput }[];
  changed: { resources: ChangedResource[]; repository?: string } | null;
}

export const noEffects: WebhookEffects = {
  audience: { githubLogins: [] },
  notifications: [],
  changed: null,
};
