const EMPTY_ROOT = '<div id="root"></div>';
const THEME_INIT = '<script src="/theme-init.js">';
const APP_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const APP_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
const TITLE = /<title>([^<]*)<\/title>/;
/**
 * Holds a press made on a server-drawn page before the app runs (public/early-press.js). Right
 * after theme-init.js in the head the server sends before it draws the page: the browser fetches
 * and runs it while the page is drawn. Sent with the page, as it was, it cost a request after the
 * page had arrived and waited for the stylesheet (a script after one does), and the dashboard
 * painted ~60 ms later.
 */
const EARLY_PRESS = '<script src="/early-press.js"></script>';
/**
 * No frame before the parser has reached the page's <main> (the app shell's), so the header is
 * never shown half-parsed: on a slow device the parser yielded inside it, the bell showed where
 * the avatar goes and moved when the avatar came, and a press meant for one opened the other.
 */
const HEADER_WHOLE = '<link rel="expect" href="#main-content" blocking="render">';

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
   * The head without its title: the stylesheet and font, which the server sends before it has
   * drawn the page so the browser fetches them meanwhile, and theme-init.js, which starts the app.
   */
  head: string;
  /** The rest: the page's title (the head is still open), then the body with its markup in #root. */
  rest: (page: DrawnPage | null) => string;
};

/**
 * The head with the app's code started by public/theme-init.js (`data-app`: the entry, then the
 * files it imports first) instead of by the parser: once the drawn page has been shown, or at
 * once when it will not be. Evaluating the code kept the main thread busy while the first frame
 * went to the screen: on this machine's 2 cores the drawn dashboard and landing page painted
 * ~50 ms later (bench/README.md). Nor are those files fetched before that paint: even at low
 * priority, module preloads here (and of the page's code, public/early-press.js) held the
 * dashboard's first paint back by ~80 ms (28 Nov). The SPA's own index.html, whose pages draw
 * nothing before the app runs, keeps starting it at once.
 */
function appStartedAfterFirstPaint(head: string, forSession: boolean): string {
  const app = APP_SCRIPT.exec(head);
  if (!app?.[1] || !head.includes(THEME_INIT)) return head;
  const files = [app[1], ...[...head.matchAll(APP_PRELOAD)].map((preload) => preload[1])];
  const boot = `<script src="/theme-init.js" data-app="${escapeAttribute(files.join(' '))}"></script>`;
  const started = head
    .replace(APP_SCRIPT, '')
    .replace(APP_PRELOAD, '')
    .replace(`${THEME_INIT}</script>`, boot);
  return forSession ? started.replace(boot, () => boot + EARLY_PRESS) : started;
}

/**
 * The built index.html in two parts around the page's title: React renders a page's <title>
 * where the page puts it, and the document's belongs in <head>. Used by the server for
 * signed-in pages: their head also holds a press made before the app runs.
 */
export function documentParts(template: string): DocumentParts {
  return partsOf(template, true);
}

/** The same, for a page drawn for a session (`forSession`) or by the build for a guest. */
function partsOf(template: string, forSession: boolean): DocumentParts {
  const title = TITLE.exec(template);
  const headEnd = template.indexOf('</head>');
  if (!title || headEnd === -1 || !template.includes(EMPTY_ROOT)) {
    throw new Error(`index.html needs a <title>, </head> and ${EMPTY_ROOT}`);
  }
  const head = appStartedAfterFirstPaint(
    template.slice(0, headEnd).replace(title[0], ''),
    forSession,
  );
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
      const whole = page.kind === 'rendered' ? HEADER_WHOLE : '';
      return whole + own[0] + tail.replace(EMPTY_ROOT, () => root + (page.after ?? ''));
    },
  };
}

/**
 * The whole document with the page drawn in it, for the build's prerender (scripts/
 * prerender.mjs): its pages' code is not fetched before their first frame (their LCP).
 */
export function pageHtml(template: string, page: DrawnPage): string {
  const parts = partsOf(template, false);
  return parts.head + parts.rest(page);
}
