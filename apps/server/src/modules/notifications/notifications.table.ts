import type { Selectable } from 'kysely';
import type { NotificationSeverity, NotificationType } from '@shipdeck/shared/notifications';

export interface NotificationsTable {
  id: string;
  user_id: string;
  type: NotificationType;
  title: string;
  message: string;
  severity: NotificationSeverity;
  link: string | null;
  /** `owner/name` when the item concerns one repository (the inbox's repository filter). */
  repository: string | null;
  /** One item per observed change: a webhook and a sync that see the same change share a key. */
  dedupe_key: string;
  created_at: string;
  read_at: string | null;
  /** Set by Clear All: hidden, but kept so its dedupe key still holds. */
  cleared_at: string | null;
}

export type NotificationRow = Selectable<NotificationsTable>;
