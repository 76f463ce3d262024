import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@shipdeck/source'] },
  ssr: { resolve: { conditions: ['@shipdeck/source'], externalConditions: ['@shipdeck/source'] } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Each file migrates a fresh database before its first test; on a busy CI machine that alone
    // can pass Vitest's 5 s default, which then fails every later test of the file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
