// Applies the saved theme before the first paint so the page never flashes the wrong colours.
// localStorage `theme` is `dark` or `light`; when nothing is saved the system preference decides.
// Loaded as a file (not inline) so the Content-Security-Policy can stay `script-src 'self'`.
(function () {
  var dark = false;
  try {
    var saved = window.localStorage.getItem('theme');
    dark =
      saved === 'dark' ||
      (saved !== 'light' &&
        !!window.matchMedia &&
        window.matchMedia('(prefers-color-scheme: dark)').matches);
  } catch (_error) {
    dark = false;
  }
  var root = document.documentElement;
  if (dark) root.classList.add('dark');
  else root.classList.remove('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
