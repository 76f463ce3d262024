import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';
import { linguistColors } from './vite.config.js';

export default defineProject({
  plugins: [react(), linguistColors()],
  resolve: {
    alias: { '@': new URL('./src', import.meta.url).pathname },
    // `source` makes @shipdeck/shared resolve to its TypeScript sources.
    conditions: ['@shipdeck/source', ...defaultClientConditions],
  },
  ssr: {
    resolve: {
      conditions: ['@shipdeck/source', ...defaultServerConditions],
      externalConditions: ['@shipdeck/source'],
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    // Two test files run at once on a 2-core CI machine; a jsdom page render with many
    // interactions then passes Vitest's 5 s default.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // react-router and react-router/dom must share one module instance (one router context).
    server: { deps: { inline: ['react-router'] } },
  },
});
