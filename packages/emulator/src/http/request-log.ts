/** One request as the emulator saw it (tokens are never stored, only who they belong to). */
export interface RequestLogEntry {
  id: number;
  at: string;
  method: string;
  /** Path and query as received. */
  url: string;
  area: 'github' | 'oauth' | 'vercel' | 'slack' | 'admin' | 'other';
  status: number | null;
  durationMs: number | null;
  /** The GitHub login or Vercel username the token belongs to. */
  actor: string | null;
  /** Names of the faults applied, if any. */
  faults: string[];
  /** True when the answer was a 304 Not Modified. */
  notModified: boolean;
}

/** A bounded in-memory log of recent requests, oldest dropped first. */
export class RequestLog {
  private entries: RequestLogEntry[] = [];
  private nextId = 1;

  constructor(private readonly capacity: number) {}

  /** Starts an entry; admin requests get one too but are not kept, so the log shows only traffic. */
  start(method: string, url: string, area: RequestLogEntry['area']): RequestLogEntry {
    const entry: RequestLogEntry = {
      id: this.nextId++,
      at: new Date().toISOString(),
      method,
      url,
      area,
      status: null,
      durationMs: null,
      actor: null,
      faults: [],
      notModified: false,
    };
    if (area === 'admin') return entry;
    this.entries.push(entry);
    if (this.entries.length > this.capacity)
      this.entries.splice(0, this.entries.length - this.capacity);
    return entry;
  }

  list(filter: { area?: RequestLogEntry['area']; sinceId?: number } = {}): RequestLogEntry[] {
    return this.entries.filter(
      (e) =>
        (filter.area === undefined || e.area === filter.area) &&
        (filter.sinceId === undefined || e.id > filter.sinceId),
    );
  }

  clear(): void {
    this.entries = [];
  }
}
