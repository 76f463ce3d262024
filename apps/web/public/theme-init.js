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

  var boot = document.querySelector('script[data-app]');
  var app = boot && boot.getAttribute('data-app');
  function startApp() {
    if (!app) return;
    var files = (boot.getAttribute('data-app-preloads') || '').split(' ');
    for (var i = 0; i < files.length; i++) {
      if (!files[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = files[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = app;
    document.head.appendChild(script);
    app = null;
  }
  function startAppOnceShown() {
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (!types || types.indexOf('paint') === -1) return startApp();
    new PerformanceObserver(function (_list, observer) {
      observer.disconnect();
      startApp();
    }).observe({ type: 'paint', buffered: true });
  }
  // A tab opened in the background draws no frame until it is shown: its app starts anyway.
  if (app) setTimeout(startApp, 3000);

  if (location.hash) return startApp();
  root.setAttribute('data-first-frame', '');
  (function wait() {
    requestAnimationFrame(function () {
      var page = document.getElementById('root');
      var drawn = !!(page && page.firstChild);
      if (!drawn && document.readyState !== 'loading') startApp();
      if (!drawn && document.readyState !== 'complete') return wait();
      setTimeout(function () {
        root.removeAttribute('data-first-frame');
      });
      if (drawn && getComputedStyle(page).visibility !== 'hidden') startAppOnceShown();
      else startApp();
    });
  })();
})();
