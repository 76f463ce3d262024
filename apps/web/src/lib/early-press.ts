/** How long a held press waits for its button to be hydrated before it is given up. */
const HYDRATION_WAIT_MS = 10_000;

/** Whether React has taken this node over: hydration puts its props on the node. */
const isHydrated = (node: Element) =>
  Object.keys(node).some((key) => key.startsWith('__reactProps'));

/**
 * Issue 34: a press on a button of the page the server drew, made before the app took the page
 * over, is held by public/early-press.js (`window.shipdeckEarlyPress`) instead of being lost.
 * Once the page is live, the same button (kept by hydration; found again by its label on a page
 * drawn afresh) is pressed for the visitor, as soon as React has hydrated it (the first commit
 * can leave a Suspense boundary's part of the page to hydrate later, and a click there then is
 * dropped), so their click is answered.
 */
export function replayEarlyPress(container: HTMLElement): void {
  const held = window as Window & { shipdeckEarlyPress?: Element };
  const pressed = held.shipdeckEarlyPress;
  delete held.shipdeckEarlyPress;
  if (!pressed) return;
  const label = pressed.getAttribute('aria-label');
  const target = pressed.isConnected
    ? pressed
    : label === null
      ? null
      : container.querySelector(`button[aria-label="${CSS.escape(label)}"]`);
  if (!(target instanceof HTMLElement)) return;
  const giveUpAt = performance.now() + HYDRATION_WAIT_MS;
  const press = () => {
    if (!target.isConnected || performance.now() > giveUpAt) return;
    if (isHydrated(target)) target.click();
    else requestAnimationFrame(press);
  };
  press();
}
