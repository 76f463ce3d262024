import { z } from 'zod';

export const errorCodeSchema = z.enum([
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  /** A sign-up the instance's sign-up mode does not allow. */
  'SIGNUPS_CLOSED',
  /** A sign-in by an account an admin disabled. */
  'ACCOUNT_DISABLED',
  'NOT_FOUND',
  /** A link that was good once: a used, revoked or expired invitation. */
  'GONE',
  'CONFLICT',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'INVALID_CURRENT_PASSWORD',
  'REAUTH_REQUIRED',
  'PAYLOAD_TOO_LARGE',
  'SERVICE_UNAVAILABLE',
  'GITHUB_NOT_CONNECTED',
  'PROVIDER_ERROR',
  /** A provider refused because of the account's plan (Vercel Hobby's rollback limit). */
  'PLAN_LIMIT',
  'INTERNAL_ERROR',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;
