import type { KeyboardEvent } from 'react';

const ITEMS = '[role="menuitem"]:not([aria-disabled="true"]):not(:disabled)';

/**
 * The menu pattern's keys on a `role="menu"` element (WAI-ARIA APG): the arrows move focus to
 * the next or previous item, wrapping; Home and End to the first or last. Escape and a press
 * outside belong to the popover the menu shows in.
 */
export function onMenuKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(ITEMS)];
  if (items.length === 0) return;
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next: Record<string, number> = {
    ArrowDown: at < 0 ? 0 : (at + 1) % items.length,
    ArrowUp: at <= 0 ? items.length - 1 : at - 1,
    Home: 0,
    End: items.length - 1,
  };
  const index = next[event.key];
  if (index === undefined) return;
  event.preventDefault();
  items[index]?.focus();
}

/** Focus on a menu's first item once it opens, as the pattern asks. */
export function focusFirstMenuItem(menu: HTMLElement | null): void {
  menu?.querySelector<HTMLElement>(ITEMS)?.focus();
}

/** A menu item's look: highlighted while focused or hovered. */
export const menuItemClassName =
  'flex w-full cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-left text-zinc-700 outline-none select-none hover:bg-zinc-100 hover:text-zinc-900 focus-visible:bg-zinc-100 focus-visible:text-zinc-900 disabled:cursor-default disabled:opacity-50 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-50 dark:focus-visible:bg-zinc-800 dark:focus-visible:text-zinc-50 [&_svg]:size-4 [&_svg]:text-zinc-500';

/** A line between groups of items. */
export const menuSeparatorClassName = '-mx-1 my-1 h-px bg-zinc-200 dark:bg-zinc-800';
