import { randomBytes } from 'node:crypto';
import { DEMO_OAUTH_APP } from '@shipdeck/emulator/emulator-options';
import { startEmulator } from '@shipdeck/emulator/start-emulator';
import type { AppConfig } from '../config/env.js';

/**
 * Demo mode: the built-in emulator plays GitHub (and Vercel) in this process, and the server is
 * pointed at it exactly as it would be at GitHub Enterprise Server.
 */
export async function startDemoProviders(
  config: AppConfig,
): Promise<{ config: AppConfig; close: () => Promise<void>; adminKey: string }> {
  // The admin API lists every emulated token: only whoever can read this process's log may use it.
  const adminKey = randomBytes(24).toString('base64url');
  const emulator = await startEmulator({ port: config.emulatorPort, adminKey });
  return {
    config: {
      ...config,
      github: {
        clientId: DEMO_OAUTH_APP.clientId,
        clientSecret: DEMO_OAUTH_APP.clientSecret,
        apiUrl: emulator.githubApiUrl,
        webUrl: emulator.oauthUrl,
      },
    },
    close: () => emulator.close(),
    adminKey,
  };
}
