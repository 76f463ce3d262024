import { z } from 'zod';

const delivery = z.object({ action: z.string().optional(), state: z.string().optional() }).loose();

/**
 * Whether a GitHub delivery carries a finished check result: a check run, check suite or
 * workflow run `completed`, or a commit status that is no longer pending. The queued and
 * in-progress deliveries of a re-run are not its results yet.
 */
export function bringsNewCheckResults(event: string, body: unknown): boolean {
  const parsed = delivery.safeParse(body);
  if (!parsed.success) return false;
  switch (event) {
    case 'check_run':
    case 'check_suite':
    case 'workflow_run':
      return parsed.data.action === 'completed';
    case 'status':
      return parsed.data.state !== undefined && parsed.data.state !== 'pending';
    default:
      return false;
  }
}
