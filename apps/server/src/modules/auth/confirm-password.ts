import { errorMessages } from '@shipdeck/shared/messages';
import { AppError } from '../../lib/app-error.js';
import { verifyPassword } from '../../lib/password-hash.js';

/**
 * Throws unless `password` is the account's password. 400, not 401: a 401 would sign the
 * browser out, when only this confirmation failed.
 */
export async function confirmPassword(
  passwordHash: string,
  password: string | undefined,
  field: string,
): Promise<void> {
  const valid = password ? await verifyPassword(passwordHash, password) : false;
  if (!valid) {
    throw new AppError(400, 'INVALID_CURRENT_PASSWORD', errorMessages.currentPasswordIncorrect, [
      { field, message: errorMessages.currentPasswordIncorrect },
    ]);
  }
}
