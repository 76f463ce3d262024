import { describe, expect, it } from 'vitest';
import { bringsNewCheckResults } from '../new-check-results.js';

describe('which deliveries end a re-run of failed checks', () => {
  it('finished check runs, suites and workflow runs, and settled statuses', () => {
    for (const event of ['check_run', 'check_suite', 'workflow_run']) {
      expect(bringsNewCheckResults(event, { action: 'completed' }), event).toBe(true);
      for (const action of ['created', 'requested', 'in_progress', 'rerequested'])
        expect(bringsNewCheckResults(event, { action }), `${event}.${action}`).toBe(false);
    }
    expect(bringsNewCheckResults('status', { state: 'success' })).toBe(true);
    expect(bringsNewCheckResults('status', { state: 'failure' })).toBe(true);
    expect(bringsNewCheckResults('status', { state: 'pending' })).toBe(false);
  });

  it('nothing else, and nothing malformed', () => {
    expect(bringsNewCheckResults('pull_request', { action: 'completed' })).toBe(false);
    expect(bringsNewCheckResults('push', {})).toBe(false);
    expect(bringsNewCheckResults('check_run', null)).toBe(false);
    expect(bringsNewCheckResults('status', 'completed')).toBe(false);
  });
});
