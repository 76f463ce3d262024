import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    // Two files at a time on the 2-core CI machine: the unit stage spends much of its time
    // waiting (PostgreSQL, job polling, emulator latency), not computing. Safe since each server
    // file's PostgreSQL schema is its own and introspection reads only that schema
    // (db/current-schema-introspector.ts): a schema dropped by a parallel file no longer fails
    // another file's migration.
    maxWorkers: 2,
  },
});
