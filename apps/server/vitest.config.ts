import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@shipdeck/source'] },
  ssr: { resolve: { conditions: ['@shipdeck/source'], externalConditions: ['@shipdeck/source'] } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
