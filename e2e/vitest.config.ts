import { defineConfig } from 'vitest/config';

// Browser tests run against the built app (`npm run build` first), two files at a time: most of a
// browser file's time is spent waiting on servers and Chromium, so two overlap well on a 2-core CI
// machine. Files cannot collide: each starts its own servers on free ports, over their own
// temporary SQLite files or PostgreSQL databases of random names, and launches its own browser.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
