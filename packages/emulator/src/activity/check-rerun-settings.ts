import { z } from 'zod';

/**
 * How re-run checks end (`rerun-failed-jobs`, `check-suites/{id}/rerequest`): the conclusion
 * every new check run reaches and the time between its states (queued → in_progress →
 * completed). Fixed rather than drawn, so a test decides the outcome it waits for; the admin API
 * (`PUT /_emulator/check-reruns`) changes it while the emulator runs.
 */
export const checkRerunSettingsSchema = z.object({
  conclusion: z.enum(['success', 'failure']),
  stepMs: z.number().int().min(0).max(600_000),
});
export type CheckRerunSettings = z.infer<typeof checkRerunSettingsSchema>;

export const DEFAULT_CHECK_RERUNS: CheckRerunSettings = { conclusion: 'success', stepMs: 2_000 };
