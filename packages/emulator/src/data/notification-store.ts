import type { Thread } from './model.js';

/** How far apart thread ids of different users start: ids read like GitHub's 11-digit ones. */
const ID_SPAN = 100_000;

/** Ids of a user's threads start above this (generated ones count up from it, then live ones). */
export function threadIdBase(userId: number): number {
  return userId * ID_SPAN;
}

function clockKey(userId: number, repoId?: number): string {
  return repoId === undefined ? String(userId) : `${userId}:${repoId}`;
}

/** What a new or bumped thread is about; `path` identifies the subject within its repository. */
export interface ThreadEvent {
  userId: number;
  repoId: number;
  reason: string;
  subject: Thread['subject'];
  /** Defaults to now. */
  at?: number;
  unread?: boolean;
}

/** Reasons in which the user takes part themselves: what `participating=true` keeps. */
export const PARTICIPATING_REASONS: ReadonlySet<string> = new Set([
  'approval_requested',
  'assign',
  'author',
  'comment',
  'invitation',
  'manual',
  'mention',
  'review_requested',
  'state_change',
]);

/**
 * Every user's GitHub notification threads. A user's threads are generated from the world on
 * first use (or before the first live activity changes the world, see `materializeAll`), so a
 * world of thousands of repositories starts fast and the same seed gives the same threads.
 */
export class NotificationStore {
  private readonly byUser = new Map<number, Thread[]>();
  private readonly byId = new Map<number, Thread>();
  /** Per user (and user + repository): the moment `Last-Modified` last moved to, epoch ms. */
  private readonly clocks = new Map<string, number>();
  private generator: (userId: number) => Thread[] = () => [];
  private userIds: () => readonly number[] = () => [];

  constructor(private readonly onChange: () => void) {}

  /** Set by the world builder: how to generate one user's threads, and who the users are. */
  configure(generator: (userId: number) => Thread[], userIds: () => readonly number[]): void {
    this.generator = generator;
    this.userIds = userIds;
  }

  /** Threads from a data file: all there are, nobody gets generated ones. */
  load(threads: readonly Thread[]): void {
    this.generator = () => [];
    for (const thread of threads) {
      const list = this.byUser.get(thread.userId) ?? [];
      list.push(thread);
      this.byUser.set(thread.userId, list);
      this.byId.set(thread.id, thread);
    }
  }

  /** One user's threads, oldest first (generated on first use). */
  threadsOf(userId: number): readonly Thread[] {
    return this.list(userId);
  }

  private list(userId: number): Thread[] {
    let list = this.byUser.get(userId);
    if (!list) {
      list = this.generator(userId);
      this.byUser.set(userId, list);
      for (const thread of list) this.byId.set(thread.id, thread);
    }
    return list;
  }

  /** Generates every user's threads now, so later changes to the world do not alter them. */
  materializeAll(): void {
    for (const id of this.userIds()) this.list(id);
  }

  /** A thread by id, only if it belongs to `userId` (others' threads do not exist for them). */
  get(id: number, userId: number): Thread | undefined {
    this.list(userId);
    const thread = this.byId.get(id);
    return thread && thread.userId === userId ? thread : undefined;
  }

  private newestUpdate(userId: number, repoId?: number): string | null {
    let newest: string | null = null;
    for (const thread of this.list(userId)) {
      if (repoId !== undefined && thread.repoId !== repoId) continue;
      if (newest === null || thread.updatedAt > newest) newest = thread.updatedAt;
    }
    return newest;
  }

  /**
   * What `Last-Modified` says for a user's list (optionally of one repository): the newest
   * `updated_at`, or later when threads changed within the second already reported (see
   * `advanceClock`). Null when there are no threads.
   */
  lastModified(userId: number, repoId?: number): string | null {
    const newest = this.newestUpdate(userId, repoId);
    const clock = this.clocks.get(clockKey(userId, repoId));
    if (clock === undefined) return newest;
    const stamp = new Date(clock).toISOString();
    return newest === null || stamp > newest ? stamp : newest;
  }

  /**
   * `Last-Modified` has second precision, so a thread arriving in the second a client already
   * saw would be answered 304. Each change moves the user's clock to the current second, or
   * one second past the last one, so `If-Modified-Since` always sees it.
   */
  private advanceClock(userId: number, repoId: number, at: number): void {
    for (const key of [clockKey(userId), clockKey(userId, repoId)]) {
      const previous =
        this.clocks.get(key) ??
        Date.parse(
          this.newestUpdate(userId, key === clockKey(userId) ? undefined : repoId) ?? '1970-01-01',
        );
      const second = Math.floor(at / 1000) * 1000;
      const previousSecond = Math.floor(previous / 1000) * 1000;
      this.clocks.set(key, second > previousSecond ? second : previousSecond + 1000);
    }
  }

  private nextId(userId: number): number {
    const list = this.list(userId);
    const base = threadIdBase(userId);
    return Math.max(base, ...list.map((t) => t.id)) + 1;
  }

  /**
   * Something happened that notifies `userId`: the thread on the same subject is bumped
   * (unread, newer `updated_at`, the new reason, back from done), or a new one is created. A
   * muted thread (subscription `ignored`) gets nothing. `Last-Modified` always advances.
   */
  notify(event: ThreadEvent): Thread | null {
    const list = this.list(event.userId);
    const at = new Date(event.at ?? Date.now()).toISOString();
    const unread = event.unread ?? true;
    const existing =
      event.subject.path === null
        ? undefined
        : list.find((t) => t.repoId === event.repoId && t.subject.path === event.subject.path);
    if (existing) {
      if (existing.subscription?.ignored) return null;
      existing.reason = event.reason;
      existing.subject = { ...event.subject };
      existing.updatedAt = at;
      existing.unread = unread;
      existing.done = false;
      this.advanceClock(event.userId, event.repoId, Date.now());
      this.onChange();
      return existing;
    }
    const thread: Thread = {
      id: this.nextId(event.userId),
      userId: event.userId,
      repoId: event.repoId,
      reason: event.reason,
      subject: { ...event.subject },
      unread,
      updatedAt: at,
      lastReadAt: null,
      done: false,
      subscription: PARTICIPATING_REASONS.has(event.reason) ? { ignored: false, createdAt: at } : null,
    };
    this.advanceClock(event.userId, event.repoId, Date.now());
    list.push(thread);
    this.byId.set(thread.id, thread);
    this.onChange();
    return thread;
  }

  /** Threads of every user on one subject (for bumping everyone subscribed to a pull request). */
  onSubject(repoId: number, path: string): Thread[] {
    this.materializeAll();
    const out: Thread[] = [];
    for (const list of this.byUser.values())
      for (const thread of list)
        if (thread.repoId === repoId && thread.subject.path === path) out.push(thread);
    return out;
  }

  /** Every generated or added thread (generating all users' first), for data files. */
  all(): Thread[] {
    this.materializeAll();
    return [...this.byUser.values()].flat();
  }
}
