import { describe, expect, it } from 'vitest';
import { startEmulator } from '../start-emulator.js';

describe('closing the emulator while a deployment builds', () => {
  it('stops at once with finishDeployments: false, leaving the deployment where it was', async () => {
    // Steps as long as demo mode's: finishing would take 15 s.
    const emulator = await startEmulator({ deploymentStepMs: 5_000, warmUp: false });
    const result = await emulator.triggerActivity({ kind: 'deployment', waitForDeployment: false });
    expect(result.deploymentId).not.toBeNull();

    const started = Date.now();
    await emulator.close({ finishDeployments: false });

    expect(Date.now() - started).toBeLessThan(1_000);
    const deployment = emulator.world.vercel.deployments.find((d) => d.uid === result.deploymentId);
    expect(deployment?.state).toBe('QUEUED');
  });

  it('lets the deployment finish by default', async () => {
    const emulator = await startEmulator({ deploymentStepMs: 50, warmUp: false });
    const result = await emulator.triggerActivity({ kind: 'deployment', waitForDeployment: false });

    await emulator.close();

    const deployment = emulator.world.vercel.deployments.find((d) => d.uid === result.deploymentId);
    expect(['READY', 'ERROR']).toContain(deployment?.state);
  });
});
