import type { ServerResponse } from 'node:http';

export type HeaderValue = string | number | readonly string[];

/** What a handler answers; the server writes it after faults and logging had their say. */
export interface Reply {
  status: number;
  headers: Record<string, HeaderValue>;
  /** null means no body at all (304, 302 without content). */
  body: string | Buffer | null;
  /** Streams the body instead (long-lived answers such as followed build logs). */
  stream?: (res: ServerResponse) => Promise<void>;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

export function jsonReply(
  status: number,
  value: unknown,
  headers: Record<string, HeaderValue> = {},
): Reply {
  return {
    status,
    headers: { 'content-type': JSON_TYPE, ...headers },
    body: JSON.stringify(value),
  };
}

export function textReply(
  status: number,
  text: string,
  contentType = 'text/plain; charset=utf-8',
): Reply {
  return { status, headers: { 'content-type': contentType }, body: text };
}

export function redirectReply(location: string, status = 302): Reply {
  return { status, headers: { location }, body: null };
}
