// Issue 34: on a page the server drew for a session (#root[data-rendered]), a press on one of its
// buttons made before the app has taken the page over is held, not lost: main.tsx hands it to
// the app once the page is live (src/lib/early-press.ts). Loaded by that page only.
(function () {
  document.addEventListener(
    'click',
    function (event) {
      var page = document.getElementById('root');
      if (!page || page.dataset.rendered === undefined) return;
      if (!(event.target instanceof Element)) return;
      var pressed = event.target.closest('button, [role="button"]');
      if (!pressed || !page.contains(pressed)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      window.shipdeckEarlyPress = pressed;
    },
    true,
  );
})();
