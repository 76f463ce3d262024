import type { Insertable, Selectable } from 'kysely';

export type MailStatus = 'queued' | 'sent' | 'failed';

/** One message Shipdeck meant to send, keyed so it goes out at most once (see send-mail.ts). */
export interface MailMessagesTable {
  id: string;
  dedupe_key: string;
  kind: string;
  user_id: string | null;
  to_address: string;
  /** The template's input, sealed with the app's key; '' once sent or given up. */
  payload: string;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}

export type MailMessageRow = Selectable<MailMessagesTable>;
export type InsertableMailMessageRow = Insertable<MailMessagesTable>;
