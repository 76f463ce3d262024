import { startEmulator, type EmulatorHandle, type EmulatorOptions } from '../start-emulator.js';

/** A fixed clock makes generated data (and therefore answers) identical from run to run. */
export const TEST_NOW = Date.parse('2025-06-01T12:00:00Z');

export function startTestEmulator(options: EmulatorOptions = {}): Promise<EmulatorHandle> {
  return startEmulator({
    seed: 42,
    now: TEST_NOW,
    repos: 30,
    richRepos: 12,
    deploymentStepMs: 5,
    ...options,
  });
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** GET against the emulated GitHub API (path below /api/v3, or an absolute URL). */
export async function githubGet(
  emulator: EmulatorHandle,
  path: string,
  token: string | null = emulator.demo.githubToken,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const url = path.startsWith('http') ? path : `${emulator.githubApiUrl}${path}`;
  const auth: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
  return answer(
    await fetch(url, {
      headers: {
        'user-agent': 'shipdeck-tests',
        accept: 'application/vnd.github+json',
        ...auth,
        ...headers,
      },
      redirect: 'manual',
    }),
  );
}

/** A write (PATCH, PUT, DELETE…) against the emulated GitHub API, with an optional JSON body. */
export async function githubSend(
  emulator: EmulatorHandle,
  method: string,
  path: string,
  body?: unknown,
  token: string | null = emulator.demo.githubToken,
): Promise<Answer> {
  const url = path.startsWith('http') ? path : `${emulator.githubApiUrl}${path}`;
  const headers: Record<string, string> = {
    'user-agent': 'shipdeck-tests',
    accept: 'application/vnd.github+json',
  };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return answer(
    await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    }),
  );
}

/** GET against the emulated Vercel API. */
export async function vercelGet(
  emulator: EmulatorHandle,
  path: string,
  token: string | null = emulator.demo.vercelToken,
): Promise<Answer> {
  const headers: Record<string, string> =
    token === null ? {} : { authorization: `Bearer ${token}` };
  return answer(await fetch(`${emulator.vercelApiUrl}${path}`, { headers }));
}

/** Calls the admin API. */
export async function admin(
  emulator: EmulatorHandle,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  return answer(
    await fetch(`${emulator.adminUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

/** Narrows unknown JSON to an object for property access in assertions. */
export function obj(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`Expected an object, got ${JSON.stringify(value)?.slice(0, 200)}`);
  return value as Record<string, unknown>;
}

export function arr(value: unknown): unknown[] {
  if (!Array.isArray(value))
    throw new Error(`Expected an array, got ${JSON.stringify(value)?.slice(0, 200)}`);
  return value;
}
