import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FaultDecision, FaultInjector } from '../faults/fault-injector.js';
import { malformBody } from '../faults/malform.js';
import type { Reply } from './reply.js';
import type { RequestLog, RequestLogEntry } from './request-log.js';

/** One request on its way through the emulator. */
export interface IncomingContext {
  req: IncomingMessage;
  method: string;
  /** Absolute URL of the request, on the emulator's public origin. */
  url: URL;
  log: RequestLogEntry;
  faults: FaultDecision;
}

/** A part of the emulator that owns a URL space (GitHub API, OAuth, Vercel API, admin). */
export interface Area {
  name: RequestLogEntry['area'];
  /** Whether faults may apply (never to the admin API, which tests use to control faults). */
  faultable: boolean;
  handle(ctx: IncomingContext): Promise<Reply>;
  /** The provider's own error answer for an injected 5xx (or 4xx), given the faults applied. */
  errorReply(status: number, faults?: FaultDecision): Reply;
}

export interface ServerDeps {
  origin(): string;
  areaFor(path: string): Area;
  faults: FaultInjector;
  log: RequestLog;
}

const NO_FAULTS: FaultDecision = {
  latencyMs: 0,
  drop: false,
  errorStatus: null,
  errorAfterHandler: false,
  malformed: false,
  rateLimit: null,
  retryAfterSeconds: null,
  applied: [],
};

function writeReply(req: IncomingMessage, res: ServerResponse, reply: Reply): Promise<void> | void {
  res.statusCode = reply.status;
  for (const [name, value] of Object.entries(reply.headers))
    res.setHeader(name, typeof value === 'number' ? String(value) : value);
  if (reply.stream) return reply.stream(res);
  const body =
    reply.body === null ? null : Buffer.isBuffer(reply.body) ? reply.body : Buffer.from(reply.body);
  if (body !== null) res.setHeader('content-length', body.length);
  res.end(req.method === 'HEAD' || body === null ? undefined : body);
}

async function handle(deps: ServerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = performance.now();
  const url = new URL(req.url ?? '/', deps.origin());
  const area = deps.areaFor(url.pathname);
  const method = (req.method ?? 'GET').toUpperCase();
  const log = deps.log.start(method, `${url.pathname}${url.search}`, area.name);
  const finish = (status: number | null): void => {
    log.status = status;
    log.durationMs = Math.round((performance.now() - started) * 10) / 10;
  };
  const faults =
    area.faultable && area.name !== 'admin' && area.name !== 'other'
      ? deps.faults.decide(area.name, method, url.pathname)
      : NO_FAULTS;
  log.faults = faults.applied;
  if (faults.latencyMs > 0) await sleep(faults.latencyMs);
  if (faults.drop) {
    finish(null);
    req.socket.destroy();
    return;
  }
  let reply: Reply;
  try {
    reply =
      faults.errorStatus !== null && !faults.errorAfterHandler
        ? area.errorReply(faults.errorStatus, faults)
        : await area.handle({ req, method, url, log, faults });
    if (faults.errorStatus !== null && faults.errorAfterHandler)
      reply = area.errorReply(faults.errorStatus, faults);
  } catch (error) {
    console.error('[emulator] handler failed', error);
    reply = area.errorReply(500);
  }
  if (faults.malformed && reply.body !== null && !reply.stream)
    reply = { ...reply, body: malformBody(reply.body) };
  log.notModified = reply.status === 304;
  finish(reply.status);
  await writeReply(req, res, reply);
}

export function createEmulatorServer(deps: ServerDeps): Server {
  const server = createServer((req, res) => {
    handle(deps, req, res).catch((error: unknown) => {
      console.error('[emulator] request failed', error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  // Clients (and the benchmark) reuse connections heavily; keep them open a little longer.
  server.keepAliveTimeout = 10_000;
  return server;
}
