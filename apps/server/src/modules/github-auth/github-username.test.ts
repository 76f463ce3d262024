import { describe, expect, it } from 'vitest';
import { usernameCandidate } from './github-username.js';

describe('usernameCandidate', () => {
  it('keeps a valid login as it is', () => {
    expect(usernameCandidate('octocat', 1)).toBe('octocat');
  });

  it('suffixes later attempts', () => {
    expect(usernameCandidate('octocat', 2)).toBe('octocat-2');
  });

  it('pads logins shorter than the minimum and replaces odd characters', () => {
    expect(usernameCandidate('x', 1)).toBe('x-gh');
    expect(usernameCandidate('ünïcödé.user', 1)).toBe('n-c-d-user');
  });

  it('stays within the maximum length with a suffix', () => {
    const result = usernameCandidate('a'.repeat(39), 12);
    expect(result).toHaveLength(39);
    expect(result.endsWith('-12')).toBe(true);
  });
});
