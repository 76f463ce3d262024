import { describe, expect, it } from 'vitest';
import { externalUrl } from '../external-url';

describe('externalUrl', () => {
  it('keeps http and https addresses', () => {
    expect(externalUrl('https://github.com/octocat/hello')).toBe(
      'https://github.com/octocat/hello',
    );
    expect(externalUrl('http://localhost:3400/octocat')).toBe('http://localhost:3400/octocat');
  });

  it('drops scripts, data and garbage', () => {
    expect(externalUrl('javascript:alert(1)')).toBeUndefined();
    expect(externalUrl('data:text/html,<script>')).toBeUndefined();
    expect(externalUrl('not a url')).toBeUndefined();
    expect(externalUrl(null)).toBeUndefined();
  });
});
