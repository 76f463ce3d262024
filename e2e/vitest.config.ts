import { defineConfig } from 'vitest/config';

// Browser tests run against the built app (`npm run build` first), one file at a time: the crash
// and two-instance files each drive a 5,000-repository sync, and two of them at once on a
// 2-core CI machine is not yet proven to stay inside the timeouts. Files cannot collide anyway:
// each starts its own servers on free ports, over their own temporary SQLite files or
// PostgreSQL databases of random names, and launches its own browser.
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
