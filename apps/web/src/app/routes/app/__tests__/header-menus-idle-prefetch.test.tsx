import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UserMenu } from '@/features/auth/components/user-menu';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { stubIdleCallbacks } from '@/testing/idle-callbacks';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';

// Counts the lazy surface module's evaluation: the moment its code is loaded, idle prefetch or
// click. The user menu is drawn with the header (issue 34): it has none.
const loaded = vi.hoisted(() => ({ popover: 0 }));
vi.mock('@/features/notifications/components/notification-popover', async (importOriginal) => {
  loaded.popover += 1;
  return importOriginal();
});

const idle = stubIdleCallbacks();

describe('header menus (issue 27)', () => {
  it('loads the notification panel when the browser is idle after the first interaction, not before, and opens them on the first click', async () => {
    mockApi({});
    renderApp(
      <header>
        <NotificationBell />
        <UserMenu />
      </header>,
      { url: '/dashboard', user: buildUser() },
    );
    await screen.findByRole('button', { name: 'User menu' });
    // Rendered and painted, but no interaction yet (issue 34): nothing is even waiting for the
    // browser to be idle, and the panel's code has not been asked for.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(idle.pending()).toBe(0);
    // The first interaction, answered (a frame later): now the prefetch waits for idle.
    await userEvent.keyboard('{Shift}');
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(loaded).toEqual({ popover: 0 });
    expect(idle.pending()).toBeGreaterThan(0);

    act(() => idle.browserIsIdle());
    await vi.waitFor(() => expect(loaded).toEqual({ popover: 1 }));
    // Let the prefetches finish, as the second of looking at the page would: the same module
    // instances, so these settle once theirs have.
    await act(async () => {
      await import('@/features/notifications/components/notification-popover');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });

    // The code is here: each surface is on screen as soon as its click is handled, without
    // a suspended render in between.
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
  });
});
