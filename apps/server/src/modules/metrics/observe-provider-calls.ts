import diagnosticsChannel from 'node:diagnostics_channel';

export type ProviderName = 'github' | 'vercel';

/** A provider's API (or OAuth) address: a request under it is a call to that provider. */
export interface ProviderEndpoint {
  provider: ProviderName;
  baseUrl: string;
}

export type ProviderCallListener = (call: {
  provider: ProviderName;
  /** The HTTP status code, or `error` when no answer came (timeout, refused, reset, DNS). */
  status: string;
  seconds: number;
}) => void;

/** The fields of undici's request object these channels carry that are read here. */
interface UndiciRequest {
  origin?: unknown;
  path?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function requestOf(message: unknown): UndiciRequest | null {
  return isRecord(message) && isRecord(message.request) ? message.request : null;
}

function statusOf(message: unknown): number | null {
  if (!isRecord(message) || !isRecord(message.response)) return null;
  const code = message.response.statusCode;
  return typeof code === 'number' ? code : null;
}

/**
 * Watches every `fetch` of this process through undici's diagnostics channels (Node's fetch is
 * undici) and reports those sent to a provider's address. One hook for every client: Octokit,
 * `@octokit/request` and the Vercel SDK all call the global fetch, and are built in many places.
 * The channels are process-wide, so an app counts calls to its providers' addresses made by any
 * app in the process: one in production, several only in tests. Answers the unsubscribe.
 */
export function observeProviderCalls(
  endpoints: ProviderEndpoint[],
  listener: ProviderCallListener,
): () => void {
  // Longest first: in demo mode one emulator origin serves both providers, under other paths.
  const prefixes = endpoints
    .map(({ provider, baseUrl }) => ({ provider, prefix: baseUrl.replace(/\/$/, '') }))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  const started = new WeakMap<object, { provider: ProviderName; at: number }>();

  const providerOf = (request: UndiciRequest): ProviderName | null => {
    // undici keeps the origin as a string or a URL, depending on its version.
    const origin =
      typeof request.origin === 'string'
        ? request.origin
        : request.origin instanceof URL
          ? request.origin.origin
          : null;
    if (typeof request.path !== 'string' || origin === null) return null;
    const url = `${origin.replace(/\/$/, '')}${request.path}`;
    const match = prefixes.find(
      ({ prefix }) =>
        url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`),
    );
    return match?.provider ?? null;
  };

  // Each request ends once: headers (an answer) or error, whichever comes first; a failure
  // after the headers (a body cut short) is the same request again and is not counted twice.
  const finish = (message: unknown, status: (message: unknown) => string | null) => {
    const request = requestOf(message);
    const start = request ? started.get(request) : undefined;
    if (!request || !start) return;
    const label = status(message);
    if (label === null) return;
    started.delete(request);
    listener({
      provider: start.provider,
      status: label,
      seconds: (performance.now() - start.at) / 1000,
    });
  };

  const onCreate = (message: unknown) => {
    const request = requestOf(message);
    const provider = request ? providerOf(request) : null;
    if (request && provider) started.set(request, { provider, at: performance.now() });
  };
  const onHeaders = (message: unknown) =>
    finish(message, (answer) => {
      const code = statusOf(answer);
      return code === null ? null : String(code);
    });
  const onError = (message: unknown) => finish(message, () => 'error');

  diagnosticsChannel.subscribe('undici:request:create', onCreate);
  diagnosticsChannel.subscribe('undici:request:headers', onHeaders);
  diagnosticsChannel.subscribe('undici:request:error', onError);
  return () => {
    diagnosticsChannel.unsubscribe('undici:request:create', onCreate);
    diagnosticsChannel.unsubscribe('undici:request:headers', onHeaders);
    diagnosticsChannel.unsubscribe('undici:request:error', onError);
  };
}
