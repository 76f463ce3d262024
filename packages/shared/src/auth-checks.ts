/**
 * The sign-in and sign-up field rules without zod, for the browser's lightest pages: zod would add
 * 24 KB gzipped to /login and /signup. Same constants, patterns and messages as the schemas in
 * auth.ts, which the server validates with; auth-checks.test.ts holds both to the same answers.
 */
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './constants.js';
import { validationMessages as m } from './sign-in-messages.js';

/** The spec's "simple address pattern": something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** The first rule a value breaks, in the order the schema checks them, or null. */
type Check = (value: string) => string | null;

export const checkUsername: Check = (value) => {
  const username = value.trim();
  if (username.length === 0) return m.usernameRequired;
  if (username.length < USERNAME_MIN) return m.usernameMin;
  if (username.length > USERNAME_MAX) return m.usernameMax;
  return USERNAME_PATTERN.test(username) ? null : m.usernamePattern;
};

export const checkEmail: Check = (value) => {
  const email = value.trim();
  if (email.length === 0) return m.emailRequired;
  if (email.length > EMAIL_MAX) return m.emailInvalid;
  return EMAIL_PATTERN.test(email) ? null : m.emailInvalid;
};

/** Sign-in takes any stored address: only presence and length are checked. */
export const checkLoginEmail: Check = (value) => {
  const email = value.trim();
  if (email.length === 0) return m.emailRequired;
  return email.length > EMAIL_MAX ? m.emailInvalid : null;
};

export const checkNewPassword: Check = (value) => {
  if (value.length === 0) return m.passwordRequired;
  if (value.length < PASSWORD_MIN) return m.passwordMin;
  return value.length > PASSWORD_MAX ? m.passwordMax : null;
};

export const checkAnyPassword: Check = (value) => {
  if (value.length === 0) return m.passwordRequired;
  return value.length > PASSWORD_MAX ? m.passwordMax : null;
};

/** How the schemas normalise an address before it is stored or compared. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}
