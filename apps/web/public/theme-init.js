// Runs before the first paint; what it does and why: src/features/theme/lib/theme-store.ts.
(function () {
  var dark = false;
  var signedIn = false;
  try {
    var saved = window.localStorage.getItem('theme');
    dark =
      saved === 'dark' ||
      (saved !== 'light' &&
        !!window.matchMedia &&
        window.matchMedia('(prefers-color-scheme: dark)').matches);
    signedIn = window.localStorage.getItem('token') !== null;
  } catch (_error) {
    dark = false;
  }
  var root = document.documentElement;
  if (dark) root.classList.add('dark');
  else root.classList.remove('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';
  if (signedIn) root.setAttribute('data-stored-session', '');
  else root.removeAttribute('data-stored-session');
})();
