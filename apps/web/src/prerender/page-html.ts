const EMPTY_ROOT = '<div id="root"></div>';
const TITLE = /<title>([^<]*)<\/title>/;

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

export type DrawnPage = {
  /** The address the markup was drawn for; main.tsx uses it only at that address. */
  path: string;
  /** `renderToString`'s output, with the page's <title>. */
  markup: string;
  /** `prerendered`: drawn by the build for a guest; `rendered`: drawn by the server for a session. */
  kind: 'prerendered' | 'rendered';
  /** HTML placed right after #root (the rendered page's data). */
  after?: string;
};

export type DocumentParts = {
  /**
   * The head without its title: the stylesheet, scripts and font, which the server sends before
   * it has drawn the page so the browser fetches them meanwhile.
   */
  head: string;
  /** The rest: the page's title (the head is still open), then the body with its markup in #root. */
  rest: (page: DrawnPage | null) => string;
};

/**
 * The built index.html in two parts around the page's title: React renders a page's <title>
 * where the page puts it, and the document's belongs in <head>. Used by the build's prerender
 * (scripts/prerender.mjs) and by the server for signed-in pages.
 */
export function documentParts(template: string): DocumentParts {
  const title = TITLE.exec(template);
  const headEnd = template.indexOf('</head>');
  if (!title || headEnd === -1 || !template.includes(EMPTY_ROOT)) {
    throw new Error(`index.html needs a <title>, </head> and ${EMPTY_ROOT}`);
  }
  const head = template.slice(0, headEnd).replace(title[0], '');
  const tail = template.slice(headEnd);
  return {
    head,
    rest: (page) => {
      if (page === null) return title[0] + tail;
      const titles = [...page.markup.matchAll(new RegExp(TITLE, 'g'))];
      const [own] = titles;
      if (titles.length !== 1 || !own) {
        throw new Error(`${page.path}: expected one <title>, found ${titles.length}`);
      }
      const markup = page.markup.replace(own[0], '');
      if (!markup.includes('<main')) throw new Error(`${page.path}: the page rendered no <main>`);
      const root = `<div id="root" data-${page.kind}="${escapeAttribute(page.path)}">${markup}</div>`;
      return own[0] + tail.replace(EMPTY_ROOT, () => root + (page.after ?? ''));
    },
  };
}

/** The whole document with the page drawn in it. */
export function pageHtml(template: string, page: DrawnPage): string {
  const parts = documentParts(template);
  return parts.head + parts.rest(page);
}
