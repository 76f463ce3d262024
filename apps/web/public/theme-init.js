// Runs before the first paint (loaded as a file, not inline, so the Content-Security-Policy can
// stay `script-src 'self'`):
// - applies the saved theme so the page never flashes the wrong colours. localStorage `theme` is
//   `dark` or `light`; when nothing is saved the system preference decides.
// - marks the document when a session is stored (localStorage `token`, the app's
//   storageKeys.token), so the sign-in form the build prerendered for /login and /signup stays
//   hidden from a signed-in visitor while the app starts (it then says "Authenticating" and moves
//   on to the dashboard: main.tsx). index.css hides it.
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
