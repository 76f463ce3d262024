import type { UserRole } from '@shipdeck/shared/roles';
import { describe, expect, it } from 'vitest';
import { assignableRoles, canManage } from '../manage-rules';

describe('what the admin page offers', () => {
  it('lets an owner manage every account and give every role', () => {
    const roles: UserRole[] = ['owner', 'admin', 'member'];
    expect(roles.map((role) => canManage('owner', role))).toEqual([true, true, true]);
    expect(assignableRoles('owner')).toEqual(['member', 'admin', 'owner']);
  });

  it('lets an admin manage members only, and make only members', () => {
    expect(canManage('admin', 'member')).toBe(true);
    expect(canManage('admin', 'admin')).toBe(false);
    expect(canManage('admin', 'owner')).toBe(false);
    expect(assignableRoles('admin')).toEqual(['member']);
  });

  it('lets a member manage nobody', () => {
    expect(canManage('member', 'member')).toBe(false);
  });
});
