import { storageKeys } from '@shipdeck/shared/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '@/testing/match-media';
import themeInitSource from '../../../../../public/theme-init.js?raw';

/** Runs public/theme-init.js exactly as the browser does before the first paint. */
function runThemeInit(): void {
  window.eval(themeInitSource);
}

const isDark = () => document.documentElement.classList.contains('dark');

/** Resolves once a frame has begun and the tasks it queued have run. */
const nextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

describe('theme-init.js (before first paint)', () => {
  it('uses dark when `theme` is dark, whatever the system prefers', () => {
    stubMatchMedia(false);
    window.localStorage.setItem('theme', 'dark');
    runThemeInit();
    expect(isDark()).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  it('uses light when `theme` is light, whatever the system prefers', () => {
    stubMatchMedia(true);
    window.localStorage.setItem('theme', 'light');
    document.documentElement.classList.add('dark');
    runThemeInit();
    expect(isDark()).toBe(false);
  });

  it('follows the system when nothing is saved', () => {
    stubMatchMedia(true);
    runThemeInit();
    expect(isDark()).toBe(true);

    stubMatchMedia(false);
    runThemeInit();
    expect(isDark()).toBe(false);
  });

  it('ignores a value it does not know', () => {
    stubMatchMedia(false);
    window.localStorage.setItem('theme', 'sepia');
    runThemeInit();
    expect(isDark()).toBe(false);
  });
});

describe('theme-init.js marks a stored session before the first paint', () => {
  const marked = () => document.documentElement.hasAttribute('data-stored-session');

  it('under the key the app stores the session token in', () => {
    stubMatchMedia(false);
    window.localStorage.setItem(storageKeys.token, 'sds_stored');
    runThemeInit();
    expect(marked()).toBe(true);
  });

  it('not without one, and no longer once it is gone', () => {
    stubMatchMedia(false);
    window.localStorage.removeItem(storageKeys.token);
    document.documentElement.setAttribute('data-stored-session', '');
    runThemeInit();
    expect(marked()).toBe(false);
  });
});

describe('theme-init.js holds back the parts below the first screen for one frame', () => {
  const marked = () => document.documentElement.hasAttribute('data-first-frame');

  afterEach(() => {
    document.body.innerHTML = '';
    window.location.hash = '';
    vi.restoreAllMocks();
  });

  it('until the first frame that shows the page has been drawn', async () => {
    stubMatchMedia(false);
    document.body.innerHTML = '<div id="root"><main>drawn</main></div>';
    runThemeInit();
    expect(marked()).toBe(true);
    await nextFrame();
    expect(marked()).toBe(false);
  });

  it('for as long as the page has not arrived', async () => {
    stubMatchMedia(false);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    document.body.innerHTML = '<div id="root"></div>';
    runThemeInit();
    await nextFrame();
    await nextFrame();
    expect(marked()).toBe(true);
    document.getElementById('root')?.append(document.createElement('main'));
    await nextFrame();
    await nextFrame();
    expect(marked()).toBe(false);
  });

  it('not when the address points into the page', () => {
    stubMatchMedia(false);
    window.location.hash = '#features';
    document.body.innerHTML = '<div id="root"><main>drawn</main></div>';
    runThemeInit();
    expect(marked()).toBe(false);
  });
});

describe('theme-init.js starts the app of a drawn page once that page has been shown', () => {
  const started = () =>
    [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((script) =>
      script.getAttribute('src'),
    );
  const APP_FILES = ['/assets/index.js', '/assets/runtime.js', '/assets/react.js'];
  let paintObservers: (() => void)[] = [];

  /** Paint timing as Chromium has it: `show()` reports the first paint to every observer. */
  function stubPaintTiming() {
    paintObservers = [];
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        private readonly report = () => this.callback({}, this);
        constructor(private readonly callback: (list: unknown, observer: unknown) => void) {}
        observe() {
          paintObservers.push(this.report);
        }
      },
    );
    return { show: () => paintObservers.forEach((report) => report()) };
  }

  function drawnDocument(root: string) {
    document.head.innerHTML = `<script data-app="${APP_FILES.join(' ')}"></script>`;
    document.body.innerHTML = root;
  }

  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    window.location.hash = '';
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('and the files it imports first, not before', async () => {
    stubMatchMedia(false);
    const paint = stubPaintTiming();
    drawnDocument('<div id="root"><main>drawn</main></div>');
    runThemeInit();
    await nextFrame();
    expect(started()).toEqual([]);
    paint.show();
    expect(started()).toEqual(APP_FILES);
    paint.show();
    expect(started()).toEqual(APP_FILES);
  });

  it('not while the parser is still inside the page: once it has parsed it whole', async () => {
    stubMatchMedia(false);
    const paint = stubPaintTiming();
    drawnDocument('<div id="root"><main>drawn</main></div>');
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    runThemeInit();
    await nextFrame();
    paint.show();
    expect(started()).toEqual([]);

    readyState.mockReturnValue('interactive');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(started()).toEqual(APP_FILES);
  });

  it('at once when nothing was drawn or what was drawn stays hidden', async () => {
    stubMatchMedia(false);
    stubPaintTiming();
    drawnDocument('<div id="root"></div>');
    runThemeInit();
    await nextFrame();
    expect(started()).toEqual(APP_FILES);

    drawnDocument('<div id="root" style="visibility: hidden"><main>sign in</main></div>');
    runThemeInit();
    await nextFrame();
    expect(started()).toEqual(APP_FILES);
  });

  it('at once with an address into the page', () => {
    stubMatchMedia(false);
    stubPaintTiming();
    window.location.hash = '#features';
    drawnDocument('<div id="root"><main>drawn</main></div>');
    runThemeInit();
    expect(started()).toEqual(APP_FILES);
  });

  it('never in a document whose parser starts the app itself', async () => {
    stubMatchMedia(false);
    const paint = stubPaintTiming();
    document.body.innerHTML = '<div id="root"><main>drawn</main></div>';
    runThemeInit();
    await nextFrame();
    paint.show();
    expect(started()).toEqual([]);
  });
});
