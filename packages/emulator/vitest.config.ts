import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@shipdeck/source'] },
  ssr: {
    resolve: { conditions: ['@shipdeck/source'], externalConditions: ['@shipdeck/source'] },
  },
  test: {
    name: 'emulator',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Two test files run at once on a 2-core CI machine; the heaviest tests here (OpenAPI and SDK
    // validation of every answer) then pass Vitest's 5 s default.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
