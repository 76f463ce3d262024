import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    // Vitest's default workers (one fewer than the cores: one file at a time on a 2-core CI
    // machine). Two at a time cut the unit stage from ~11 to ~8 min, but one run lost a
    // PostgreSQL test schema mid-migration and was not understood in time; kept serial until it is.
  },
});
