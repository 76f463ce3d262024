import { USERNAME_MAX, USERNAME_MIN } from '@shipdeck/shared/constants';

/**
 * GitHub logins allow characters and lengths Shipdeck usernames do not; this maps one to a valid
 * candidate, and `attempt` > 1 adds a suffix for when the name is already taken.
 */
export function usernameCandidate(login: string, attempt: number): string {
  let base =
    login
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^-+|-+$/g, '') || 'github-user';
  if (base.length < USERNAME_MIN) base = `${base}-gh`;
  const suffix = attempt > 1 ? `-${attempt}` : '';
  return base.slice(0, USERNAME_MAX - suffix.length) + suffix;
}
