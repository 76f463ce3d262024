import { describe, expect, it } from 'vitest';
import { errorMessage } from '../job-engine-options.js';

describe('a failed job’s stored message', () => {
  it('replaces what PostgreSQL cannot store (NUL, unpaired surrogates) and keeps the rest', () => {
    const message = errorMessage(
      new SyntaxError(`Unexpected token '${String.fromCharCode(0)}', "\uD800{" is not valid JSON`),
    );
    expect(message).toBe(`Unexpected token '\uFFFD', "\uFFFD{" is not valid JSON`);
    expect(errorMessage(new Error('emoji 🚀 kept'))).toBe('emoji 🚀 kept');
  });
});
