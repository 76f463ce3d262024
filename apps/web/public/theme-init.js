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
  if (location.hash) return;
  root.setAttribute('data-first-frame', '');
  (function wait() {
    requestAnimationFrame(function () {
      var page = document.getElementById('root');
      if ((page && page.firstChild) || document.readyState === 'complete') {
        setTimeout(function () {
          root.removeAttribute('data-first-frame');
        });
      } else wait();
    });
  })();
})();
