import { defineConfig } from 'vitest/config';

// Browser tests run against the built app (`npm run build` first), one file at a time.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
