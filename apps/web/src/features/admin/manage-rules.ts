import type { UserRole } from '@shipdeck/shared/roles';

// The server decides (it answers 403 and 409 itself); these only keep the page from offering
// what it would refuse: only an owner makes, changes or removes an owner or admin.

/** Whether `viewer` may change the role of, disable or delete an account whose role is `target`. */
export function canManage(viewer: UserRole, target: UserRole): boolean {
  return viewer === 'owner' || (viewer === 'admin' && target === 'member');
}

/** The roles `viewer` may give an account or an invitation, the least powerful first. */
export function assignableRoles(viewer: UserRole): UserRole[] {
  return viewer === 'owner' ? ['member', 'admin', 'owner'] : ['member'];
}
