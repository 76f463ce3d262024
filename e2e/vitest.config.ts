import { defineConfig } from 'vitest/config';

// Browser tests run against the built app (`npm run build` first), one file at a time. Two at a
// time saved about a minute but failed once in oauth-browser-binding.e2e.ts on the loaded 2-core
// CI machine, not yet explained. Files cannot collide: each starts its own servers on free ports,
// over their own temporary SQLite files or PostgreSQL databases of random names, and its own browser.
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
