// Writes the HTML of every page in PRERENDERED_PAGES (packages/shared) into the web build: the
// built index.html with the page's markup in #root and its title, so the page paints from the
// HTML and main.tsx hydrates it. Run by `npm run build` after the client and SSR builds; the
// SSR build stays beside dist (dist-ssr) for the server, which draws signed-in pages with it.
// Usage: node scripts/prerender.mjs <ssr build dir>
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(webDir, 'dist');
const ssrDir = resolve(webDir, process.argv[2] ?? 'dist-ssr');

const { renderPage, pageHtml, PRERENDERED_PAGES } = await import(
  pathToFileURL(join(ssrDir, 'render-page.js')).href
);
const template = readFileSync(join(distDir, 'index.html'), 'utf8');

for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
  const html = pageHtml(template, { path, markup: await renderPage(path), kind: 'prerendered' });
  const target = join(distDir, file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, html);
  console.log(`prerendered ${path} → dist/${file} (${(html.length / 1024).toFixed(1)} kB)`);
}
