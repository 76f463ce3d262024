import type { UserRole } from '@shipdeck/shared/roles';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { UserMenu } from '../user-menu';

async function openMenu(role: UserRole) {
  mockApi({});
  renderApp(<UserMenu />, { url: '/dashboard', user: buildUser({ role }) });
  await userEvent.click(await screen.findByRole('button', { name: 'User menu' }));
}

describe('user menu', () => {
  it.each(['owner', 'admin'] as const)('links an %s to /admin', async (role) => {
    await openMenu(role);
    expect(screen.getByRole('menuitem', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('shows a member no Admin link', async () => {
    await openMenu('member');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('is hidden until pressed, then focuses its first item; the arrows move through the items and a choice closes it', async () => {
    mockApi({});
    // One route for every page the menu leads to: the menu stays mounted as it navigates.
    const { router } = renderApp(<UserMenu />, {
      url: '/profile',
      path: '/:page',
      user: buildUser({ role: 'member' }),
    });
    const button = await screen.findByRole('button', { name: 'User menu' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // Closed, the menu holds nothing once the app runs: no hidden "Settings" beside the page's.
    expect(screen.queryByText('Settings')).not.toBeInTheDocument();

    await userEvent.click(button);
    const profile = screen.getByRole('menuitem', { name: 'Profile' });
    await expect.poll(() => document.activeElement).toBe(profile);
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(profile).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();

    await userEvent.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('closes on Escape', async () => {
    await openMenu('member');
    expect(screen.getByRole('menu', { name: 'User menu' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
