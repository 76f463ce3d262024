/** The event public/early-press.js sends when it holds a press for the app (issue 34). */
export const HELD_PRESS_EVENT = 'shipdeck:held-press';

type HeldPressWindow = Window & { shipdeckHeldPress?: string };

/**
 * Runs `preload` once a press on the server-drawn page's button whose label starts with
 * `labelStart` is held for the app by public/early-press.js (at once if it already is): the
 * pressed surface's code then loads while the page's own code loads and hydrates, instead of
 * after the press is made again on the hydrated button. Called when a header control's module
 * runs, before hydration; nothing happens on a page the server did not draw.
 */
export function preloadOnHeldPress(labelStart: string, preload: () => void): void {
  if (typeof document === 'undefined') return;
  const held = () => (window as HeldPressWindow).shipdeckHeldPress?.startsWith(labelStart) === true;
  if (held()) {
    preload();
    return;
  }
  if (document.getElementById('root')?.dataset.rendered === undefined) return;
  const onHeld = () => {
    if (!held()) return;
    document.removeEventListener(HELD_PRESS_EVENT, onHeld);
    preload();
  };
  document.addEventListener(HELD_PRESS_EVENT, onHeld);
}
