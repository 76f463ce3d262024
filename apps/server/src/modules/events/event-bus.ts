/** A stored event's id, announced to every instance so each pushes it to its own browsers. */
export interface EventSignal {
  userId: string;
  eventId: number;
}

export type EventSignalListener = (signal: EventSignal) => void;

/**
 * A user's account rows (`users`, `sessions`) changed on some instance: `userId`, or `null`
 * when changes may have been missed (the listening connection dropped or came back).
 */
export type AccountChangeListener = (userId: string | null) => void;

/** Carries signals between instances: in process on SQLite, LISTEN/NOTIFY on PostgreSQL. */
export interface EventBus {
  /** Settles once the first attempt to listen finished (a failed one keeps retrying). */
  ready: Promise<void>;
  announce(signal: EventSignal): Promise<void>;
  subscribe(listener: EventSignalListener): () => void;
  /** Changes written by any instance, reported by database triggers (nothing to report on SQLite). */
  subscribeAccountChanges(listener: AccountChangeListener): () => void;
  /** Whether changes made elsewhere reach this instance now (on SQLite there is no elsewhere). */
  listening(): boolean;
  /**
   * Settles once every change another instance committed before the call has reached this
   * instance's listeners: true, or false when that cannot be promised (not listening).
   */
  catchUp(): Promise<boolean>;
  close(): Promise<void>;
}
