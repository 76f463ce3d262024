// Issue 34: on a page the server drew for a session (#root[data-rendered]), a press on one of its
// buttons made before the app has taken the page over is held, not lost, and made again for the
// visitor once the app runs on the page (main.tsx drops the mark) and React has hydrated that
// button (hydration puts its props on the node; a Suspense boundary's part can hydrate after the
// first commit, and a click there before is dropped). Loaded in that page's head only, so the
// sign-in pages' budgets carry none of it. The palette's shortcut (Ctrl+K, ⌘K on macOS) pressed
// that early is held the same way, as a press on the header's search button, which it opens; the
// browser's own Ctrl+K (focus its search bar) would otherwise take it.
(function () {
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
    document.dispatchEvent(new CustomEvent('shipdeck:held-press'));
    if (!waiting) requestAnimationFrame(replay);
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
      var pressed = event.target.closest('button, [role="button"]');
      if (pressed && page.contains(pressed)) hold(event, pressed);
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
      var pressed = event.target.closest('button, [role="button"]');
      if (!pressed || !page.contains(pressed)) return;
      window.shipdeckHeldPress = pressed.getAttribute('aria-label') || '';
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
      var search = page.querySelector('button[aria-label="Search"][aria-keyshortcuts]');
      if (search) hold(event, search);
    },
    true,
  );
})();
