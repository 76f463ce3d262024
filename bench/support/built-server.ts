// The built Shipdeck server (apps/server/dist/main.js) in its own process, signed in to GitHub
// through an emulator, for benches that measure it from outside.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { DEMO_OAUTH_APP } from '@shipdeck/emulator/emulator-options';
import type { EmulatorHandle } from '@shipdeck/emulator/start-emulator';

export interface BuiltServerOptions {
  entry: string;
  port: number;
  emulator: Pick<EmulatorHandle, 'githubApiUrl' | 'oauthUrl'>;
  logLevel?: string;
  /** Flags for the server's Node (a CPU profile, a heap-snapshot signal). */
  nodeFlags?: string[];
  /** Variables this bench adds: `DATABASE_URL` at least. */
  env: Record<string, string>;
  /** Pins the server to this CPU (Linux `taskset`), so it never shares a core with the load. */
  cpu?: number | undefined;
}

export interface BuiltServer {
  child: ChildProcess;
  origin: string;
}

/** Starts the server with a fresh encryption key; wait for {@link waitForHealth} before use. */
export function spawnBuiltServer(options: BuiltServerOptions): BuiltServer {
  const origin = `http://127.0.0.1:${options.port}`;
  const [command, args] = onCpu(options.cpu, process.execPath, [
    ...(options.nodeFlags ?? []),
    options.entry,
  ]);
  const child = spawn(command, args, {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: options.logLevel ?? 'warn',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      PUBLIC_URL: origin,
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      GITHUB_CLIENT_ID: DEMO_OAUTH_APP.clientId,
      GITHUB_CLIENT_SECRET: DEMO_OAUTH_APP.clientSecret,
      GITHUB_API_URL: options.emulator.githubApiUrl,
      GITHUB_WEB_URL: options.emulator.oauthUrl,
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { child, origin };
}

/**
 * The command that runs `command args` pinned to `cpu` (through `taskset`, which execs it: the
 * child's pid is the program's own), or unchanged without a CPU.
 */
export function onCpu(
  cpu: number | undefined,
  command: string,
  args: string[],
): [string, string[]] {
  return cpu === undefined ? [command, args] : ['taskset', ['-c', String(cpu), command, ...args]];
}

/** Pins this process (the bench and the load it generates) to `cpu`. */
export function pinThisProcess(cpu: number): void {
  const result = spawnSync('taskset', ['-a', '-p', '-c', String(cpu), String(process.pid)]);
  if (result.status !== 0) throw new Error(`taskset failed: ${String(result.stderr)}`);
}

/** Resolves once `/health` answers 200; throws if the server exits or takes over two minutes. */
export async function waitForHealth({ child, origin }: BuiltServer): Promise<void> {
  // Two minutes: on a loaded machine start-up (migrations included) has taken half a minute.
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become healthy');
}
