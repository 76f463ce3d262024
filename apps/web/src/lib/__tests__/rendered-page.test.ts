import { RENDERED_STATE_ELEMENT_ID } from '@shipdeck/shared/server-rendered-pages';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acceptRenderedPage,
  readerFormats,
  type RenderedState,
  takeRenderedCache,
} from '@/lib/rendered-page';

const cache = { mutations: [], queries: [] };

/** The page as the server sends it: #root drawn for `path`, the state element after it. */
function drawnPage(path: string, state: RenderedState | string): HTMLElement {
  document.body.innerHTML = `<div id="root" data-rendered="${path}"><main>drawn</main></div>`;
  const element = document.createElement('script');
  element.id = RENDERED_STATE_ELEMENT_ID;
  element.type = 'application/json';
  element.textContent = typeof state === 'string' ? state : JSON.stringify(state);
  document.body.append(element);
  const root = document.getElementById('root');
  if (!root) throw new Error('no root');
  return root;
}

describe('taking over a page the server drew', () => {
  afterEach(() => {
    takeRenderedCache();
    window.history.replaceState(null, '', '/');
  });

  it('hydrates it, once, with its cache, when drawn here for a stored session in the same formats', () => {
    window.localStorage.setItem('token', 'sds_stored');
    window.history.replaceState(null, '', '/dashboard');
    const root = drawnPage('/dashboard', { cache, formats: readerFormats() });

    expect(acceptRenderedPage(root)).toBe('hydrate');
    expect(document.getElementById(RENDERED_STATE_ELEMENT_ID)).toBeNull();
    expect(takeRenderedCache()).toEqual(cache);
    expect(takeRenderedCache()).toBeUndefined();
  });

  it('draws it again when the reader writes dates in another time zone or locale', () => {
    window.localStorage.setItem('token', 'sds_stored');
    window.history.replaceState(null, '', '/dashboard');
    const here = readerFormats();
    const elsewhere = here.timeZone === 'Asia/Tokyo' ? 'Europe/Berlin' : 'Asia/Tokyo';
    const root = drawnPage('/dashboard', { cache, formats: { ...here, timeZone: elsewhere } });
    expect(acceptRenderedPage(root)).toBe('replace');
    expect(takeRenderedCache()).toEqual(cache);

    const other = drawnPage('/dashboard', { cache, formats: { ...here, locale: 'de-DE' } });
    expect(acceptRenderedPage(other)).toBe(here.locale === 'de-DE' ? 'hydrate' : 'replace');
  });

  it('takes over nothing without a stored session, at another address, with a query or unreadable data', () => {
    window.history.replaceState(null, '', '/dashboard');
    const formats = readerFormats();
    expect(acceptRenderedPage(drawnPage('/dashboard', { cache, formats }))).toBe('none');

    window.localStorage.setItem('token', 'sds_stored');
    expect(acceptRenderedPage(drawnPage('/repositories', { cache, formats }))).toBe('none');
    window.history.replaceState(null, '', '/dashboard?tab=1');
    expect(acceptRenderedPage(drawnPage('/dashboard', { cache, formats }))).toBe('none');
    window.history.replaceState(null, '', '/dashboard');
    expect(acceptRenderedPage(drawnPage('/dashboard', '{not json'))).toBe('none');
    expect(takeRenderedCache()).toBeUndefined();
  });
});
