import { notificationTexts } from '@shipdeck/shared/notification-constants';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UserMenu } from '@/features/auth/components/user-menu';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { stubIdleCallbacks } from '@/testing/idle-callbacks';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';

// Counts the lazy module's evaluation: the moment its code is loaded, idle prefetch or click.
// The user menu and the bell's panel frame are drawn with the header (issue 34); the panel's
// actions and list are that module.
const loaded = vi.hoisted(() => ({ panel: 0 }));
vi.mock('@/features/notifications/components/notification-panel', async (importOriginal) => {
  loaded.panel += 1;
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
    expect(loaded).toEqual({ panel: 0 });
    expect(idle.pending()).toBeGreaterThan(0);

    act(() => idle.browserIsIdle());
    await vi.waitFor(() => expect(loaded).toEqual({ panel: 1 }));
    // Let the prefetches finish, as the second of looking at the page would: the same module
    // instances, so these settle once theirs have.
    await act(async () => {
      await import('@/features/notifications/components/notification-panel');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });

    // The code is here: each surface is on screen as soon as its click is handled, without
    // a suspended render in between.
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    // Its list at once (the answer is here too: no notifications), not the loading status.
    expect(within(panel).getByText(notificationTexts.empty)).toBeInTheDocument();
    expect(within(panel).queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });
});
