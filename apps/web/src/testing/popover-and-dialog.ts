/**
 * jsdom has neither the popover API nor `<dialog>`'s `showModal`: these stand in for them as the
 * HTML standard describes them, so components built on them run in unit tests as in a browser
 * (which the browser tests check for real). A shown popover carries `data-popover-open`; a closed
 * one is `display: none` (and a shown one `display: block`), so role queries leave its content out, as a browser does.
 */
const OPEN = 'data-popover-open';

function toggleEvent(newState: 'open' | 'closed'): Event {
  const event = new Event('toggle');
  Object.assign(event, { newState, oldState: newState === 'open' ? 'closed' : 'open' });
  return event;
}

function setShown(element: HTMLElement, shown: boolean): void {
  if (element.hasAttribute(OPEN) === shown) return;
  if (shown) {
    // `auto` popovers close each other (light dismiss of the others).
    document.querySelectorAll<HTMLElement>(`[${OPEN}]`).forEach((other) => setShown(other, false));
    element.setAttribute(OPEN, '');
  } else {
    element.removeAttribute(OPEN);
  }
  element.dispatchEvent(toggleEvent(shown ? 'open' : 'closed'));
  if (shown) element.querySelector<HTMLElement>('[autofocus]')?.focus();
}

export function installPopoverAndDialog(): void {
  const style = document.createElement('style');
  // jsdom's own sheet hides every [popover] (its `:popover-open` never matches).
  style.textContent = `[popover]:not([${OPEN}]) { display: none; } [popover][${OPEN}] { display: block; }`;
  document.head.appendChild(style);

  const proto = HTMLElement.prototype;
  proto.showPopover = function (this: HTMLElement) {
    setShown(this, true);
  };
  proto.hidePopover = function (this: HTMLElement) {
    setShown(this, false);
  };
  proto.togglePopover = function (this: HTMLElement, force?: boolean | TogglePopoverOptions) {
    const shown = typeof force === 'boolean' ? force : !this.hasAttribute(OPEN);
    setShown(this, shown);
    return shown;
  };
  const matches = Object.getOwnPropertyDescriptor(Element.prototype, 'matches')?.value as (
    this: Element,
    selectors: string,
  ) => boolean;
  Object.defineProperty(Element.prototype, 'matches', {
    configurable: true,
    writable: true,
    value: function (this: Element, selectors: string) {
      if (selectors === ':popover-open') return this.hasAttribute(OPEN);
      return matches.call(this, selectors);
    },
  });

  // A press on a `popovertarget` button toggles its popover, after the page's own handlers
  // (React's, at its root) and unless one of them prevented it.
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || !(event.target instanceof Element)) return;
    const invoker = event.target.closest('[popovertarget]');
    const id = invoker?.getAttribute('popovertarget');
    const target = id ? document.getElementById(id) : null;
    if (target) target.togglePopover();
  });
  // Invoker commands (Chromium 135+): a press on a `commandfor` button opens or closes its
  // dialog, after the page's own handlers and unless one prevented it. A test stands in for an
  // older browser by deleting `HTMLButtonElement.prototype.command`.
  Object.defineProperty(HTMLButtonElement.prototype, 'command', {
    configurable: true,
    get(this: HTMLButtonElement) {
      return this.getAttribute('command') ?? '';
    },
    set(this: HTMLButtonElement, value: string) {
      this.setAttribute('command', value);
    },
  });
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || !(event.target instanceof Element)) return;
    if (!('command' in HTMLButtonElement.prototype)) return;
    const invoker = event.target.closest('button[commandfor]');
    const id = invoker?.getAttribute('commandfor');
    const target = id ? document.getElementById(id) : null;
    if (!(target instanceof HTMLDialogElement)) return;
    const command = invoker?.getAttribute('command');
    if (command === 'show-modal' && !target.open) target.showModal();
    else if (command === 'close' && target.open) target.close();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    document.querySelectorAll<HTMLElement>(`[${OPEN}]`).forEach((open) => setShown(open, false));
    document.querySelectorAll<HTMLDialogElement>('dialog[open]').forEach((open) => {
      if (open.dispatchEvent(new Event('cancel', { cancelable: true }))) open.close();
    });
  });

  // What had the focus before a modal dialog opened gets it back when it closes.
  const focusedBefore = new WeakMap<HTMLDialogElement, Element | null>();
  const dialog = HTMLDialogElement.prototype;
  dialog.showModal = function (this: HTMLDialogElement) {
    if (this.hasAttribute('open')) return;
    focusedBefore.set(this, document.activeElement);
    this.setAttribute('open', '');
    this.querySelector<HTMLElement>('[autofocus]')?.focus();
  };
  dialog.show = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialog.close = function (this: HTMLDialogElement, returnValue?: string) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    if (returnValue !== undefined) this.returnValue = returnValue;
    const before = focusedBefore.get(this);
    focusedBefore.delete(this);
    if (before instanceof HTMLElement && before.isConnected) before.focus();
    this.dispatchEvent(new Event('close'));
  };
  // What a closed dialog holds is not drawn, so it cannot take the focus (React focuses an
  // `autoFocus` field when it mounts, in a dialog still closed).
  const focus = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'focus')?.value as (
    this: HTMLElement,
    options?: FocusOptions,
  ) => void;
  HTMLElement.prototype.focus = function (this: HTMLElement, options?: FocusOptions) {
    if (this.closest('dialog:not([open])')) return;
    focus.call(this, options);
  };
}
