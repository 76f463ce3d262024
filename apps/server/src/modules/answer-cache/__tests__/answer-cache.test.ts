import { describe, expect, it } from 'vitest';
import { answerKey, servable } from '../answer-cache.js';

const entry = { version: 4, body: '{}', refreshDueAt: '2026-11-23T12:05:00.000Z' };

describe('answer cache entries', () => {
  it('are served only at the version they were built at', () => {
    expect(servable(entry, 4, '2026-11-23T12:00:00.000Z')).toBe(true);
    expect(servable(entry, 5, '2026-11-23T12:00:00.000Z')).toBe(false);
    expect(servable(undefined, 4, '2026-11-23T12:00:00.000Z')).toBe(false);
  });

  it('stop being served once a refresh falls due, so the route queues it', () => {
    expect(servable(entry, 4, '2026-11-23T12:05:00.000Z')).toBe(false);
    expect(servable({ ...entry, refreshDueAt: null }, 4, '2030-01-01T00:00:00.000Z')).toBe(true);
  });

  it('are keyed by the exact URL and everything of the user row', () => {
    const user = { id: 'u1', github_id: '7', github_login: 'octocat' };
    const keys = new Set([
      answerKey(user, '/api/github/repos?page=1'),
      answerKey(user, '/api/github/repos?page=2'),
      answerKey({ ...user, id: 'u2' }, '/api/github/repos?page=1'),
      answerKey({ ...user, github_login: 'hubot' }, '/api/github/repos?page=1'),
      answerKey({ ...user, display_name: 'Octo' }, '/api/github/repos?page=1'),
    ]);
    expect(keys.size).toBe(5);
  });
});
