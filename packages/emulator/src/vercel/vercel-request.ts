import type { VercelUser } from '../data/model.js';
import type { World } from '../data/world.js';

/** A Vercel API request from an authenticated user, with its account scope resolved. */
export interface VercelRequest {
  world: World;
  user: VercelUser;
  /** The account the request acts on: the user's uid, or the team id from `teamId`/`slug`. */
  accountId: string;
  /** Set when the request is scoped to a team. */
  teamId: string | null;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Epoch ms clock (live deployments move). */
  now: number;
}

export interface VercelResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Streams newline-delimited JSON instead of `body` (followed build logs). */
  stream?: (write: (line: string) => boolean, signal: AbortSignal) => Promise<void>;
}

export interface VercelRoute {
  /** `/v2/user` and `/v2/teams` ignore `teamId`. */
  scoped: boolean;
  handler(request: VercelRequest): VercelResult | Promise<VercelResult>;
}
