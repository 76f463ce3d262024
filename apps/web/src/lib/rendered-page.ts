import { RENDERED_STATE_ELEMENT_ID } from '@shipdeck/shared/server-rendered-pages';
import type { DehydratedState } from '@tanstack/react-query';
import { getToken } from './token-storage';

/** The locale and time zone numbers and dates were written in. */
export type ReaderFormats = { locale: string; timeZone: string };

/** What a page the server drew carries beside its markup (prerender/render-signed-in-page.tsx). */
export type RenderedState = { cache: DehydratedState; formats: ReaderFormats };

let formats: ReaderFormats | undefined;

/** Read once: the server asks on every page it draws, and a format is costly to build. */
export function readerFormats(): ReaderFormats {
  if (formats === undefined) {
    const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
    formats = { locale, timeZone };
  }
  return formats;
}

/**
 * What main.tsx does with #root: `hydrate` the server's drawing of this page (plugins/
 * signed-in-pages.ts on the server), or `replace` it when the reader's locale or time zone
 * writes its numbers and dates differently (the app's first render, from the same data, takes
 * its place in one commit), or `none` when there is no drawing the app may take over: drawn
 * for another address, or with no session stored (the cookie it was drawn with outlived the
 * stored token, and the app goes to /login). The data is kept for `takeRenderedCache`.
 */
export function acceptRenderedPage(root: HTMLElement): 'hydrate' | 'replace' | 'none' {
  const element = document.getElementById(RENDERED_STATE_ELEMENT_ID);
  element?.remove();
  const { pathname, search } = window.location;
  if (root.dataset.rendered !== pathname || search !== '' || getToken() === null) return 'none';
  let state: RenderedState;
  try {
    state = JSON.parse(element?.textContent ?? '') as RenderedState;
  } catch {
    return 'none';
  }
  renderedCache = state.cache;
  const reader = readerFormats();
  const sameFormats =
    state.formats.locale === reader.locale && state.formats.timeZone === reader.timeZone;
  return sameFormats ? 'hydrate' : 'replace';
}

let renderedCache: DehydratedState | undefined;

/** The server's query cache for the page, once (prime-session-user.ts seeds the cache with it). */
export function takeRenderedCache(): DehydratedState | undefined {
  const cache = renderedCache;
  renderedCache = undefined;
  return cache;
}
