import type { Database } from '../../db/schema.js';

/** A column holding values sealed with `app.secrets`, and the columns that identify its row. */
export interface SealedColumn {
  table: keyof Database;
  column: string;
  key: readonly string[];
}

/**
 * Every place a sealed value is stored. Key rotation re-seals exactly these, so a feature that
 * stores a new kind of secret adds its column here.
 */
export const sealedColumns: readonly SealedColumn[] = [
  { table: 'provider_tokens', column: 'token_sealed', key: ['user_id', 'provider'] },
  { table: 'team_reminders', column: 'slack_webhook_sealed', key: ['id'] },
];
