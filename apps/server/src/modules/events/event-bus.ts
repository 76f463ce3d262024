/** A stored event's id, announced to every instance so each pushes it to its own browsers. */
export interface EventSignal {
  userId: string;
  eventId: number;
}

export type EventSignalListener = (signal: EventSignal) => void;

/** Carries signals between instances: in process on SQLite, LISTEN/NOTIFY on PostgreSQL. */
export interface EventBus {
  /** Settles once the first attempt to listen finished (a failed one keeps retrying). */
  ready: Promise<void>;
  announce(signal: EventSignal): Promise<void>;
  subscribe(listener: EventSignalListener): () => void;
  close(): Promise<void>;
}
