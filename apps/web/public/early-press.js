// Issue 34: on a page the server drew for a session (#root[data-rendered]), a press on one of its
// buttons made before the app has taken the page over is held, not lost, and made again for the
// visitor once the app runs on the page (main.tsx drops the mark) and React has hydrated that
// button (hydration puts its props on the node; a Suspense boundary's part can hydrate after the
// first commit, and a click there before is dropped). Loaded in that page's head only, so the
// sign-in pages' budgets carry none of it. The palette's shortcut (Ctrl+K, ⌘K on macOS) pressed
// that early is held the same way, as a press on the header's search button, which it opens; the
// browser's own Ctrl+K (focus its search bar) would otherwise take it.
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
  // The page's code is fetched with the page, beside the entry's (the server's head preloads
  // those), not after the entry has run and asked for it: a round of requests and the entry's
  // evaluation later. Fetched only (modulepreload), and after what the first frame needs (low
  // priority: at the default, the dashboard's LCP was ~190 ms later on a loaded machine); it
  // runs once the app starts.
  preload(CODE.pages[location.pathname], 'low');
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
    window.shipdeckHeldPress = undefined;
    target.click();
  }
  function hold(event, pressed) {
    event.preventDefault();
    event.stopImmediatePropagation();
    var waiting = held !== null;
    held = pressed;
    heldAt = performance.now();
    // The app's header controls load what the press opens as soon as they know of it
    // (utils/held-press.ts), so its code arrives while the page hydrates, not after.
    window.shipdeckHeldPress = pressed.getAttribute('aria-label') || '';
    preloadPressed(window.shipdeckHeldPress);
    document.dispatchEvent(new CustomEvent('shipdeck:held-press'));
    if (!waiting) requestAnimationFrame(replay);
  }
  // What the page's buttons open as the browser's own popover or dialog (popovertarget,
  // commandfor) opens without the app (issue 34): such a press is the browser's to answer, at
  // once, not held.
  function pressedForApp(page, target) {
    var pressed = target.closest('button, [role="button"]');
    if (!pressed || !page.contains(pressed)) return null;
    if (pressed.hasAttribute('popovertarget') || pressed.hasAttribute('commandfor')) return null;
    return pressed;
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
      var pressed = pressedForApp(page, event.target);
      if (pressed) hold(event, pressed);
    },
    true,
  );
  // The press begins at pointerdown, its click comes at pointerup: what it opens starts loading
  // from the first.
  document.addEventListener(
    'pointerdown',
    function (event) {
      var page = drawnPage();
      if (!page || !(event.target instanceof Element)) return;
      var pressed = pressedForApp(page, event.target);
      if (!pressed) return;
      window.shipdeckHeldPress = pressed.getAttribute('aria-label') || '';
      preloadPressed(window.shipdeckHeldPress);
      document.dispatchEvent(new CustomEvent('shipdeck:held-press'));
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
        return;
      }
      var search = page.querySelector('button[aria-label="Search"][aria-keyshortcuts]');
      if (search) hold(event, search);
    },
    true,
  );
})();
