import { DEMO_OAUTH_APP } from '@shipdeck/emulator/emulator-options';
import { startEmulator } from '@shipdeck/emulator/start-emulator';
import type { AppConfig } from '../config/env.js';

/**
 * Demo mode: the built-in emulator plays GitHub (and Vercel) in this process, and the server is
 * pointed at it exactly as it would be at GitHub Enterprise Server.
 */
export async function startDemoProviders(
  config: AppConfig,
): Promise<{ config: AppConfig; close: () => Promise<void> }> {
  const emulator = await startEmulator({ port: config.emulatorPort });
  return {
    config: {
      ...config,
      github: {
        clientId: DEMO_OAUTH_APP.clientId,
        clientSecret: DEMO_OAUTH_APP.clientSecret,
        apiUrl: emulator.githubApiUrl,
        webUrl: emulator.oauthUrl,
      },
      // "Use the demo account" in the Connect Vercel dialog connects the emulator's demo token,
      // which stays on the server.
      vercel: {
        apiUrl: emulator.vercelApiUrl,
        serverToken: emulator.demo.vercelToken,
        serverTeamId: null,
      },
    },
    close: () => emulator.close(),
  };
}
