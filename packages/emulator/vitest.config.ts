import { defineProject } from 'vitest/config';

// No "source" condition here: @vercel/sdk publishes its TypeScript under that condition, and
// transforming it costs ~12 s per run; the emulator imports no workspace package sources.
export default defineProject({
  test: {
    name: 'emulator',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
