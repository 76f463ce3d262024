// Writes the HTML of every page in PRERENDERED_PAGES (packages/shared) into the web build: the
// built index.html with the page's markup in #root and its title, so the page paints from the
// HTML and main.tsx hydrates it. Run by `npm run build` after the client and SSR builds.
// Usage: node scripts/prerender.mjs <ssr build dir>
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(webDir, 'dist');
const ssrDir = resolve(webDir, process.argv[2] ?? 'node_modules/.prerender');

const { renderPage, PRERENDERED_PAGES } = await import(
  pathToFileURL(join(ssrDir, 'render-page.js')).href
);
const template = readFileSync(join(distDir, 'index.html'), 'utf8');
const EMPTY_ROOT = '<div id="root"></div>';
if (!template.includes(EMPTY_ROOT)) throw new Error(`dist/index.html has no ${EMPTY_ROOT}`);

const escapeAttribute = (value) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
  let markup = await renderPage(path);
  // React renders a page's <title> where the page puts it; the document's belongs in <head>.
  const titles = [...markup.matchAll(/<title>([^<]*)<\/title>/g)];
  if (titles.length !== 1) throw new Error(`${path}: expected one <title>, found ${titles.length}`);
  markup = markup.replace(titles[0][0], '');
  if (!markup.includes('<main')) throw new Error(`${path}: the page rendered no <main>`);
  const html = template
    .replace(/<title>[^<]*<\/title>/, `<title>${titles[0][1]}</title>`)
    .replace(
      EMPTY_ROOT,
      `<div id="root" data-prerendered="${escapeAttribute(path)}">${markup}</div>`,
    );
  const target = join(distDir, file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, html);
  console.log(`prerendered ${path} → dist/${file} (${(html.length / 1024).toFixed(1)} kB)`);
}
rmSync(ssrDir, { recursive: true, force: true });
