import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';

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

/**
 * Preloads the Latin subset of the self-hosted Geist font, so text paints in its final face at
 * once instead of swapping (a layout shift) when the CSS discovers the font late.
 */
export function preloadFonts(): Plugin {
  return {
    name: 'shipdeck-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) =>
        Object.keys(context.bundle ?? {})
          .filter((file) => /geist-latin-wght-normal-[\w-]+\.woff2$/.test(file))
          .map((file) => ({
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${file}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head' as const,
          })),
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    tailwindcss(),
    linguistColors(),
    preloadFonts(),
    // `npm run analyze -w apps/web`: what every chunk holds, gzipped, as an interactive treemap.
    mode === 'analyze' &&
      visualizer({
        filename: new URL('../../bench/results/web-bundle.html', import.meta.url).pathname,
        gzipSize: true,
        template: (process.env.BUNDLE_TEMPLATE as 'treemap' | 'raw-data' | undefined) ?? 'treemap',
      }),
  ],
  // Read by src/config/env.ts.
  define: { 'import.meta.env.BUILD_YEAR': JSON.stringify(new Date().getFullYear()) },
  resolve: {
    alias: { '@': new URL('./src', import.meta.url).pathname },
    // `@shipdeck/source` makes @shipdeck/shared resolve to its TypeScript sources (no build step).
    conditions: ['@shipdeck/source', ...defaultClientConditions],
  },
  // The build's prerender (src/prerender/render-page.tsx) bundles the shared sources like the client.
  ssr: {
    noExternal: ['@shipdeck/shared'],
    resolve: { conditions: ['@shipdeck/source', ...defaultServerConditions] },
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
    // Every browser Shipdeck supports has <link rel="modulepreload">: no polyfill on every page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React is on every page and changes less often than the app: its own chunk stays cached
        // across releases. Everything else is split by where it is imported, so a library used
        // by one page loads with that page instead of with the first one.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 3,
            },
          ],
        },
      },
    },
  },
}));
