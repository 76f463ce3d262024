import { hash } from 'node:crypto';

/** An answer one of a drawn page's requests got, as the API sent it. */
export type ReadAnswer = { status: number; body: string };

/**
 * A page drawn for one session, kept to be sent again while it reads the same: while every
 * request it was drawn from answers as it did (`fingerprint`) and before its relative times
 * move on (the page's `sameUntil`).
 */
export type DrawnPageMemo<Request, Page extends { sameUntil: number }> = {
  /** The page's GET requests, by URL: asked again to check the answers. */
  requests: Map<string, Request>;
  fingerprint: string;
  page: Page;
};

// A drawn page and its data take ~100 KB: at most ~10 MB of them.
const CAPACITY = 100;

/** The answers in one string: equal strings, equal answers. */
export function answersFingerprint(answers: ReadonlyMap<string, ReadAnswer>): string {
  const parts = [...answers]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([url, { status, body }]) => `${url}\n${status}\n${body.length}\n${body}`);
  return hash('sha256', parts.join('\n'), 'hex');
}

/** The drawn pages last sent, by page and session, the oldest forgotten first. */
export function createDrawnPageMemos<Request, Page extends { sameUntil: number }>() {
  const memos = new Map<string, DrawnPageMemo<Request, Page>>();
  return {
    get: (key: string) => memos.get(key),
    keep(key: string, memo: DrawnPageMemo<Request, Page>) {
      memos.delete(key);
      memos.set(key, memo);
      if (memos.size > CAPACITY) memos.delete(memos.keys().next().value ?? key);
    },
    forget: (key: string) => memos.delete(key),
  };
}
