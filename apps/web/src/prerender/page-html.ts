const EMPTY_ROOT = '<div id="root"></div>';

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

export type DrawnPage = {
  /** The address the markup was drawn for; main.tsx uses it only at that address. */
  path: string;
  /** `renderToString`'s output. */
  markup: string;
  /** `prerendered`: drawn by the build for a guest; `rendered`: drawn by the server for a session. */
  kind: 'prerendered' | 'rendered';
  /** HTML placed right after #root (the rendered page's data). */
  after?: string;
};

/**
 * The built index.html with a page's markup in #root and its title in <head>: React renders a
 * page's <title> where the page puts it, and the document's belongs in <head>. Used by the
 * build's prerender (scripts/prerender.mjs) and by the server for signed-in pages.
 */
export function pageHtml(template: string, page: DrawnPage): string {
  if (!template.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT}`);
  const titles = [...page.markup.matchAll(/<title>([^<]*)<\/title>/g)];
  const [title] = titles;
  if (titles.length !== 1 || !title) {
    throw new Error(`${page.path}: expected one <title>, found ${titles.length}`);
  }
  const markup = page.markup.replace(title[0], '');
  if (!markup.includes('<main')) throw new Error(`${page.path}: the page rendered no <main>`);
  const root = `<div id="root" data-${page.kind}="${escapeAttribute(page.path)}">${markup}</div>`;
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title[1] ?? ''}</title>`)
    .replace(EMPTY_ROOT, () => root + (page.after ?? ''));
}
