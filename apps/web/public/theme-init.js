// Runs before the first paint; what it does and why: src/features/theme/lib/theme-store.ts.
(function () {
  var root = document.documentElement;
  var dark = false;
  var signedIn = false;
  try {
    var saved = localStorage.getItem('theme');
    dark =
      saved === 'dark' ||
      (saved !== 'light' &&
        !!window.matchMedia &&
        matchMedia('(prefers-color-scheme: dark)').matches);
    signedIn = localStorage.getItem('token') !== null;
  } catch (_error) {}
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  root.toggleAttribute('data-stored-session', signedIn);

  // `data-app`: the app's entry, then the files it imports first (prerender/page-html.ts).
  var boot = document.querySelector('[data-app]');
  var files = boot ? boot.dataset.app.split(' ') : [];
  function startApp() {
    // Not before the whole page is parsed: a module added here runs as soon as it arrives, and on
    // a slow device the first frame can come while the parser is still inside the drawn page,
    // before the data after it (main.tsx would find none and draw the page anew, dropping what a
    // press opened on it).
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', startApp);
      return;
    }
    files.forEach(function (file) {
      var script = document.createElement('script');
      script.type = 'module';
      script.src = file;
      document.head.appendChild(script);
    });
    files = [];
  }
  // A tab opened in the background draws no frame until it is shown: its app starts anyway.
  setTimeout(startApp, 3000);

  if (location.hash) return startApp();
  root.setAttribute('data-first-frame', '');
  (function wait() {
    requestAnimationFrame(function () {
      var page = document.getElementById('root');
      var drawn = page && page.firstChild;
      if (!drawn && document.readyState !== 'complete') return wait();
      setTimeout(function () {
        root.removeAttribute('data-first-frame');
      });
      // Every browser the build targets reports paint timing.
      if (drawn && getComputedStyle(page).visibility !== 'hidden') {
        new PerformanceObserver(startApp).observe({ type: 'paint', buffered: true });
      } else startApp();
    });
  })();
})();
