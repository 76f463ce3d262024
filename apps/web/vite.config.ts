import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  minifySync,
  type Plugin,
  type Rolldown,
  type UserConfig,
} from 'vite';
import { SERVER_RENDERED_PAGES } from '../../packages/shared/src/server-rendered-pages';
import { earlyPressCode } from './build/early-press-code';
import { type FirstLoads, firstLoadChunks } from './build/first-load-chunks';

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

/**
 * Minifies the build's copy of public/theme-init.js, which every page downloads before its first
 * paint (Vite copies public files as they are): the source keeps its names and layout.
 */
export function minifyThemeInit(): Plugin {
  let file = '';
  return {
    name: 'shipdeck-minify-theme-init',
    apply: 'build',
    configResolved: (config) => {
      file = join(resolve(config.root, config.build.outDir), 'theme-init.js');
    },
    closeBundle: () => {
      if (!existsSync(file)) return;
      const { code, errors } = minifySync('theme-init.js', readFileSync(file, 'utf8'));
      if (errors.length > 0) throw new Error(`theme-init.js: ${errors[0]?.message ?? ''}`);
      writeFileSync(file, code);
    },
  };
}

const APP_LAYOUTS = ['src/app/provider.tsx'];
const QUERY_LAYOUTS = [...APP_LAYOUTS, 'src/app/query-provider.tsx'];
// The signed-in layout loads the session check's answer beside its code (prime-session-user.ts).
const SIGNED_IN_LAYOUTS = [
  ...QUERY_LAYOUTS,
  'src/app/routes/app/root.tsx',
  'src/features/auth/api/prime-session-user.ts',
];
const SIGNED_IN_PAGES = [
  'dashboard',
  'repositories',
  'pull-requests',
  'deployments',
  'deployment',
  'insights',
  'notifications',
  'repository',
  'team',
  'profile',
  'settings',
  'admin',
];

/** app/router.tsx's pages and the route modules each loads first (see build/first-load-chunks.ts). */
export const FIRST_LOADS: FirstLoads = {
  landing: ['src/app/routes/landing.tsx'],
  login: [...APP_LAYOUTS, 'src/app/routes/auth/login.tsx'],
  signup: [...APP_LAYOUTS, 'src/app/routes/auth/signup.tsx'],
  // With the sign-in pages' route modules too: what those pages share with it then stays in the
  // chunks they load now, instead of splitting three ways (1 KB more on /login and /signup, which
  // have 100 KB budgets) for a page opened once per reset, which loads a few KB more instead.
  'reset-password': [
    ...APP_LAYOUTS,
    'src/app/routes/auth/login.tsx',
    'src/app/routes/auth/signup.tsx',
    'src/app/routes/auth/reset-password.tsx',
  ],
  // Opened from /login like the reset page, and grouped with the sign-in pages the same way.
  'forgot-password': [
    ...APP_LAYOUTS,
    'src/app/routes/auth/login.tsx',
    'src/app/routes/auth/signup.tsx',
    'src/app/routes/auth/forgot-password.tsx',
  ],
  'confirm-email': [
    ...APP_LAYOUTS,
    'src/app/routes/auth/login.tsx',
    'src/app/routes/auth/signup.tsx',
    'src/app/routes/auth/confirm-email.tsx',
  ],
  'github-complete': [...QUERY_LAYOUTS, 'src/app/routes/auth/github-complete.tsx'],
  'not-found': [...QUERY_LAYOUTS, 'src/app/routes/not-found.tsx'],
  ...Object.fromEntries(
    SIGNED_IN_PAGES.map((page) => [page, [...SIGNED_IN_LAYOUTS, `src/app/routes/app/${page}.tsx`]]),
  ),
};

/**
 * What a press on a header control loads (public/early-press.js preloads it from the press). The
 * user menu is drawn with the page and needs nothing more.
 */
const HEADER_SURFACES = {
  Notifications: 'src/features/notifications/components/notification-panel.tsx',
  Search: 'src/features/command-palette/command-palette.tsx',
};

function appConfig(mode: string, chunkGroups: Rolldown.CodeSplittingGroup[]): UserConfig {
  return {
    // Set, not taken from the working directory: firstLoadChunks builds this config itself.
    root: new URL('.', import.meta.url).pathname,
    plugins: [
      react(),
      tailwindcss(),
      linguistColors(),
      preloadFonts(),
      minifyThemeInit(),
      earlyPressCode({
        pages: Object.fromEntries(
          SERVER_RENDERED_PAGES.map((path) => {
            const modules = FIRST_LOADS[path.slice(1)];
            if (!modules) throw new Error(`FIRST_LOADS has no page for ${path}`);
            return [path, modules];
          }),
        ),
        presses: HEADER_SURFACES,
      }),
      // `npm run analyze -w apps/web`: what every chunk holds, gzipped, as an interactive treemap.
      mode === 'analyze' &&
        visualizer({
          filename: new URL('../../bench/results/web-bundle.html', import.meta.url).pathname,
          gzipSize: true,
          template:
            (process.env.BUNDLE_TEMPLATE as 'treemap' | 'raw-data' | undefined) ?? 'treemap',
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
          codeSplitting: { groups: chunkGroups },
          // A page set's chunk is named by a hash of its pages (build/first-load-chunks.ts): its
          // file needs only the content hash. Every page lists its route modules' files and
          // imports its chunks by name, so the shorter names are 1 KB less on /signup.
          chunkFileNames: (chunk) =>
            chunk.name.startsWith('shared-') ? 'assets/[hash].js' : 'assets/[name]-[hash].js',
        },
      },
    },
  };
}

// React is on every page and changes less often than the app: its own chunk stays cached across
// releases. The rest is split by where it is imported, so a library used by one page loads with
// that page instead of with the first one, and then regrouped by the pages that load it first.
const REACT_CHUNK: Rolldown.CodeSplittingGroup = {
  name: 'react',
  test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
  priority: 3,
};

export default defineConfig(async ({ command, mode, isSsrBuild }) => {
  // The prerender's SSR build starts at render-page.tsx, not main.tsx: no pages to regroup for.
  if (command !== 'build' || isSsrBuild) return appConfig(mode, [REACT_CHUNK]);
  const firstLoads = await firstLoadChunks(
    appConfig('production', [REACT_CHUNK]),
    FIRST_LOADS,
    new URL('.', import.meta.url).pathname.replace(/\/$/, ''),
    // Their first load is budgeted at 100 KB, the signed-in pages' at 150 KB (issue 34).
    ['landing', 'login', 'signup'],
  );
  return appConfig(mode, [REACT_CHUNK, firstLoads]);
});
