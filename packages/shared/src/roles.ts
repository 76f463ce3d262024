import { z } from 'zod';

/** Owners and admins run the instance; only an owner makes or removes owners and admins. */
export const userRoleSchema = z.enum(['owner', 'admin', 'member']);
export type UserRole = z.infer<typeof userRoleSchema>;

export const userRoleLabels: Record<UserRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};

export function isAdminRole(role: UserRole): boolean {
  return role === 'owner' || role === 'admin';
}

/** Who may create an account (SIGNUPS): anyone, invited people (and allowed domains), or no one new. */
export const signupModeSchema = z.enum(['open', 'invite', 'closed']);
export type SignupMode = z.infer<typeof signupModeSchema>;
