import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayEarlyPress } from '../early-press';

/** What hydration leaves on a node React has taken over. */
const hydrated = <T extends Element>(node: T): T => Object.assign(node, { __reactProps$test: {} });

type Held = Window & { shipdeckEarlyPress?: Element };

describe('replayEarlyPress (issue 34)', () => {
  afterEach(() => {
    document.body.replaceChildren();
    delete (window as Held).shipdeckEarlyPress;
  });

  it('presses the button pressed before the app ran, once, once React has hydrated it', async () => {
    const root = document.createElement('div');
    const button = document.createElement('button');
    button.setAttribute('aria-label', 'User menu');
    const onClick = vi.fn();
    button.addEventListener('click', onClick);
    root.append(button);
    document.body.append(root);
    (window as Held).shipdeckEarlyPress = button;

    replayEarlyPress(root);
    replayEarlyPress(root);
    // Not hydrated yet (its Suspense boundary hydrates later): the press waits for it.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(onClick).not.toHaveBeenCalled();
    hydrated(button);
    await vi.waitFor(() => expect(onClick).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect((window as Held).shipdeckEarlyPress).toBeUndefined();
  });

  it('finds the button again by its label when the page was drawn afresh', () => {
    const gone = document.createElement('button');
    gone.setAttribute('aria-label', 'Search');
    const root = document.createElement('div');
    const fresh = hydrated(document.createElement('button'));
    fresh.setAttribute('aria-label', 'Search');
    const onClick = vi.fn();
    fresh.addEventListener('click', onClick);
    root.append(fresh);
    document.body.append(root);
    (window as Held).shipdeckEarlyPress = gone;

    replayEarlyPress(root);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does nothing without a held press', () => {
    expect(() => replayEarlyPress(document.body)).not.toThrow();
  });
});
