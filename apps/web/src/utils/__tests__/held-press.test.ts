import { afterEach, describe, expect, it, vi } from 'vitest';
import { HELD_PRESS_EVENT, preloadOnHeldPress } from '../held-press';

type HeldPressWindow = Window & { shipdeckHeldPress?: string };

function drawnRoot(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.dataset.rendered = '/dashboard';
  document.body.append(root);
  return root;
}

function holdPress(label: string): void {
  (window as HeldPressWindow).shipdeckHeldPress = label;
  document.dispatchEvent(new CustomEvent(HELD_PRESS_EVENT));
}

afterEach(() => {
  document.body.replaceChildren();
  delete (window as HeldPressWindow).shipdeckHeldPress;
});

describe('preloadOnHeldPress', () => {
  it('preloads at once when the press on its control was held before its module ran', () => {
    drawnRoot();
    (window as HeldPressWindow).shipdeckHeldPress = 'User menu';
    const preload = vi.fn();
    preloadOnHeldPress('User menu', preload);
    expect(preload).toHaveBeenCalledOnce();
  });

  it('preloads once a press on a control its label starts is held later, and only once', () => {
    drawnRoot();
    const bell = vi.fn();
    const menu = vi.fn();
    preloadOnHeldPress('Notifications', bell);
    preloadOnHeldPress('User menu', menu);
    holdPress('Notifications, 3 unread');
    holdPress('Notifications, 3 unread');
    expect(bell).toHaveBeenCalledOnce();
    expect(menu).not.toHaveBeenCalled();
  });

  it('waits for nothing on a page the server did not draw', () => {
    const preload = vi.fn();
    preloadOnHeldPress('User menu', preload);
    holdPress('User menu');
    expect(preload).not.toHaveBeenCalled();
  });
});
