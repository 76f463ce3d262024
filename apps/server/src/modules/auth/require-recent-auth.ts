import { REAUTH_WINDOW_MINUTES } from '@shipdeck/shared/constants';
import { errorMessages } from '@shipdeck/shared/messages';
import { AppError } from '../../lib/app-error.js';
import type { AuthContext } from './authenticate.js';
import { confirmPassword } from './confirm-password.js';

/**
 * Proof that the person at the keyboard owns the account, before a change that would turn a
 * stolen session into a lasting takeover (a new email, a first password): the current password,
 * or for an account without one a GitHub sign-in that opened this session minutes ago.
 */
export async function requireRecentAuth(
  auth: AuthContext,
  currentPassword: string | undefined,
  field: string,
  now: Date = new Date(),
): Promise<void> {
  if (auth.user.password_hash) {
    await confirmPassword(auth.user.password_hash, currentPassword, field);
    return;
  }
  const verifiedAt = auth.githubVerifiedAt ? Date.parse(auth.githubVerifiedAt) : Number.NaN;
  const fresh = now.getTime() - verifiedAt <= REAUTH_WINDOW_MINUTES * 60_000;
  if (!fresh) throw new AppError(403, 'REAUTH_REQUIRED', errorMessages.reauthRequired);
}
