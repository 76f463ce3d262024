import type { UserRole } from '@shipdeck/shared/roles';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { UserMenuDropdown } from '../user-menu-dropdown';

function openMenu(role: UserRole) {
  mockApi({});
  renderApp(
    <UserMenuDropdown
      trigger={<button type="button">User menu</button>}
      open
      onOpenChange={() => undefined}
    />,
    { url: '/dashboard', user: buildUser({ role }) },
  );
}

describe('user menu', () => {
  it.each(['owner', 'admin'] as const)('links an %s to /admin', (role) => {
    openMenu(role);
    expect(screen.getByRole('menuitem', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('shows a member no Admin link', () => {
    openMenu('member');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
  });
});
