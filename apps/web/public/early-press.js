// Issue 34: on a page the server drew for a session (#root[data-rendered]), a press on one of its
// buttons made before the app has taken the page over is held, not lost, and made again for the
// visitor once the app runs on the page (main.tsx drops the mark) and React has hydrated that
// button (hydration puts its props on the node; a Suspense boundary's part can hydrate after the
// first commit, and a click there before is dropped). The header's surfaces (user menu,
// notification panel, palette) are the browser's own popovers and dialog, drawn with the page:
// their buttons open them at once, with no app, and the palette's shortcut (Ctrl+K, ⌘K on macOS)
// pressed that early opens its dialog here (the browser's own Ctrl+K would otherwise take it).
// Loaded in that page's head only, so the sign-in pages' budgets carry none of it.
(function () {
  // Filled by the build (build/early-press-code.ts): the files (/assets/<name>.js), beyond the
  // entry's, that each drawn page's layouts and page load first, and those of what each header
  // control opens.
  var CODE = { pages: {}, presses: {} };
  var preloaded = {};
  function preload(names, priority) {
    (names || []).forEach(function (name) {
      if (preloaded[name]) return;
      preloaded[name] = true;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.fetchPriority = priority;
      link.href = '/assets/' + name + '.js';
      document.head.appendChild(link);
    });
  }
  // The page's code is fetched when the page has painted, as theme-init.js starts the app, beside
  // the entry's files, not after the entry has run and asked for it: a round of requests and the
  // entry's evaluation later. Not before that paint: fetched while the page was still arriving
  // (even at low priority) these ~25 files held the dashboard's first paint back by ~80 ms
  // (bench/README.md).
  if (typeof PerformanceObserver === 'function') {
    new PerformanceObserver(function () {
      preload(CODE.pages[location.pathname], 'auto');
    }).observe({ type: 'paint', buffered: true });
  }
  // What a press on a header control opens, from its pointerdown, before the app that would ask
  // for it has run.
  function preloadPressed(label) {
    Object.keys(CODE.presses).forEach(function (start) {
      if (label.indexOf(start) === 0) preload(CODE.presses[start], 'high');
    });
  }
  var GIVE_UP_MS = 30000;
  var held = null;
  var heldAt = 0;
  function hydrated(node) {
    return Object.keys(node).some(function (key) {
      return key.indexOf('__reactProps') === 0;
    });
  }
  function replay() {
    var page = document.getElementById('root');
    if (!held || !page || performance.now() - heldAt > GIVE_UP_MS) return;
    if (page.dataset.rendered !== undefined) return requestAnimationFrame(replay);
    var target = held.isConnected ? held : null;
    // Drawn afresh (another locale or time zone): the button with the same label.
    var label = held.getAttribute('aria-label');
    if (!target && label !== null) {
      target = page.querySelector('button[aria-label="' + CSS.escape(label) + '"]');
    }
    if (!target) return;
    if (!hydrated(target)) return requestAnimationFrame(replay);
    held = null;
    target.click();
  }
  function hold(event, pressed) {
    event.preventDefault();
    event.stopImmediatePropagation();
    var waiting = held !== null;
    held = pressed;
    heldAt = performance.now();
    preloadPressed(pressed.getAttribute('aria-label') || '');
    if (!waiting) requestAnimationFrame(replay);
  }
  function pressedOn(page, target) {
    var pressed = target.closest('button, [role="button"]');
    return pressed && page.contains(pressed) ? pressed : null;
  }
  // What the page's buttons open as the browser's own popover or dialog (popovertarget,
  // commandfor) opens without the app (issue 34): such a press is the browser's to answer, at
  // once, not held.
  function answeredByBrowser(pressed) {
    var id = pressed.getAttribute('popovertarget') || pressed.getAttribute('commandfor');
    // Its surface follows it in the page: a press while the parser has drawn the button but not
    // yet its surface (a slow device) opens nothing, so the app answers it instead.
    return id !== null && document.getElementById(id) !== null;
  }
  function drawnPage() {
    var page = document.getElementById('root');
    return page && page.dataset.rendered !== undefined ? page : null;
  }
  document.addEventListener(
    'click',
    function (event) {
      var page = drawnPage();
      if (!page || !(event.target instanceof Element)) return;
      var pressed = pressedOn(page, event.target);
      if (pressed && !answeredByBrowser(pressed)) hold(event, pressed);
    },
    true,
  );
  // The press begins at pointerdown, its click comes at pointerup: what it opens (the part of a
  // header surface that is not drawn with the page) starts loading from the first.
  document.addEventListener(
    'pointerdown',
    function (event) {
      var page = drawnPage();
      if (!page || !(event.target instanceof Element)) return;
      var pressed = pressedOn(page, event.target);
      if (pressed) preloadPressed(pressed.getAttribute('aria-label') || '');
    },
    true,
  );
  document.addEventListener(
    'keydown',
    function (event) {
      var page = drawnPage();
      if (!page || event.key.toLowerCase() !== 'k' || event.altKey || event.shiftKey) return;
      var mac = /Mac|iPhone|iPad/.test(navigator.platform);
      if (!(mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey)) return;
      // The palette is the browser's own dialog, drawn with the page: it opens now, and the app
      // takes over its field as it hydrates.
      var palette = page.querySelector('dialog[data-command-palette]');
      if (palette && typeof palette.showModal === 'function') {
        event.preventDefault();
        if (!palette.open) palette.showModal();
        preloadPressed('Search');
        return;
      }
      var search = page.querySelector('button[aria-label="Search"][aria-keyshortcuts]');
      if (search) hold(event, search);
    },
    true,
  );
})();
