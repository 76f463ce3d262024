/** A rendered GitHub answer, reusable while the world has not changed. */
export interface CachedAnswer {
  version: number;
  status: number;
  /** null: an answer without a body (204, 205). */
  body: string | null;
  etag: string | undefined;
  link: string | null | undefined;
  lastModified: string | undefined;
  headers: Record<string, string> | undefined;
}

/**
 * Rendered answers per (viewer, scopes, URL), valid for one world version. Rendering and
 * hashing large lists dominates the emulator's cost; clients poll the same URLs again and
 * again (that is what ETags are for), so this keeps throughput high with 5,000 repositories.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();

  constructor(private readonly limit = 500) {}

  get(key: string, version: number): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, answer: CachedAnswer): void {
    this.entries.delete(key);
    this.entries.set(key, answer);
    if (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
