import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.js';

describe('redactUrl', () => {
  it('hides tokens and OAuth codes but keeps the rest', () => {
    expect(redactUrl('/dashboard?token=sds_secret&tab=2')).toBe(
      '/dashboard?token=%5Bredacted%5D&tab=2',
    );
    expect(redactUrl('/auth/github/callback?code=abc&state=xyz')).toBe(
      '/auth/github/callback?code=%5Bredacted%5D&state=%5Bredacted%5D',
    );
  });

  it('leaves URLs without secrets unchanged', () => {
    expect(redactUrl('/api/github/repos?page=2')).toBe('/api/github/repos?page=2');
    expect(redactUrl('/health')).toBe('/health');
  });
});
