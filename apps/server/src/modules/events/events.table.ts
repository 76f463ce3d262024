import type { Generated, Selectable } from 'kysely';

/** Pushed changes, kept so a browser that reconnects (to any instance) replays what it missed. */
export interface EventsTable {
  /** Ascending; the SSE `id`. PostgreSQL's bigserial arrives as a string. */
  id: Generated<number | string>;
  user_id: string;
  type: string;
  /** The LiveEvent as JSON. */
  payload: string;
  created_at: string;
}

export type EventRow = Selectable<EventsTable>;
