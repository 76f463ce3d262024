import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

// The API requests a server-drawn page makes in process (signed-in-pages.ts) carry this header,
// so the request log can leave them out: it would otherwise hold about ten requests, and as many
// answers, per drawn page beside the page's own. The value is known to this process only: a
// client sending the header cannot hide its own requests from the log.
const PAGE_REQUEST_HEADER = 'x-shipdeck-page-request';
const pageRequestMark = randomBytes(16).toString('hex');

/** Headers that mark an `app.inject` as a drawn page's own API request. */
export const inProcessPageRequestHeaders: Readonly<Record<string, string>> = {
  [PAGE_REQUEST_HEADER]: pageRequestMark,
};

export function isInProcessPageRequest(request: { headers: IncomingHttpHeaders }): boolean {
  return request.headers[PAGE_REQUEST_HEADER] === pageRequestMark;
}
