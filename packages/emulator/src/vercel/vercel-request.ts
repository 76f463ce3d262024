import type { ActivityContext } from '../activity/activity-context.js';
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
  /** The parsed JSON body of a POST or PATCH; undefined when there is none. */
  body: unknown;
  /** Epoch ms clock (live deployments move). */
  now: number;
  /** What the deployment actions (redeploy, promote, rollback, cancel) need beyond the world. */
  actions: VercelActionDeps;
}

export interface VercelActionDeps {
  /** Runs the part of an action Vercel finishes after answering (a build, an alias move). */
  background(work: (ctx: ActivityContext) => Promise<void>): void;
  /**
   * The plan of personal (non-team) accounts, which decides how far a rollback may go: Hobby
   * only to the previous production deployment. Teams use their own `plan`.
   */
  personalPlan: 'hobby' | 'pro';
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
