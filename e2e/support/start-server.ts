import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverEntry = fileURLToPath(
  new URL('../../apps/server/dist/main.js', import.meta.url),
);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  /** Sends SIGTERM and resolves with the exit code once the process is gone. */
  stop: () => Promise<number | null>;
}

/**
 * Starts the real built server on a free port over a throw-away SQLite file. `healthTimeoutMs`
 * is how long it may take to answer /health (a loaded machine needs longer for a big emulator).
 */
export async function startServer(
  env: Record<string, string> = {},
  { healthTimeoutMs = 30_000 }: { healthTimeoutMs?: number } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'shipdeck-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: join(dataDir, 'e2e.db'),
      LOG_LEVEL: 'warn',
      // Live demo activity would change data under other tests' assertions; tests trigger it.
      DEMO_ACTIVITY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  const deadline = Date.now() + healthTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(`server did not become healthy within ${healthTimeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    stop: async () => {
      const exited = new Promise<number | null>((resolve) =>
        child.once('exit', (code) => resolve(code)),
      );
      child.kill('SIGTERM');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
