import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const apiTarget = 'http://localhost:3000';
// Everything the Fastify server answers itself; the rest is the SPA.
const serverPaths = ['/auth', '/api', '/health', '/docs', '/webhooks'];

const LINGUIST_COLORS = 'virtual:linguist-colors';

/**
 * `virtual:linguist-colors`: GitHub Linguist's colour per language name, built from the
 * `linguist-languages` package when the app is bundled, so the browser gets a small map
 * instead of all 700 language records.
 */
export function linguistColors(): Plugin {
  const resolvedId = `\0${LINGUIST_COLORS}`;
  return {
    name: 'shipdeck-linguist-colors',
    resolveId: (id) => (id === LINGUIST_COLORS ? resolvedId : null),
    async load(id) {
      if (id !== resolvedId) return null;
      const languages = await import('linguist-languages');
      const colors: Record<string, string> = {};
      for (const language of Object.values<{ name: string; color?: string }>(languages)) {
        if (language.color) colors[language.name] = language.color;
      }
      return `export default ${JSON.stringify(colors)};`;
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), linguistColors()],
  resolve: {
    alias: { '@': new URL('./src', import.meta.url).pathname },
    // `@shipdeck/source` makes @shipdeck/shared resolve to its TypeScript sources (no build step).
    conditions: ['@shipdeck/source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: apiTarget }])),
  },
  preview: {
    port: 4173,
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: apiTarget }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 3,
            },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 2 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
