import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  checkAnyPassword,
  checkEmail,
  checkLoginEmail,
  checkNewPassword,
  checkUsername,
  normaliseEmail,
} from './auth-checks.js';
import { emailSchema, loginBodySchema, newPasswordSchema, usernameSchema } from './auth.js';
import { EMAIL_MAX, PASSWORD_MAX, USERNAME_MAX } from './constants.js';

/** What the server's schema says about a value: its first message, or its normalised value. */
function schemaAnswer(schema: z.ZodType, value: string): { error: string | null; value?: unknown } {
  const result = schema.safeParse(value);
  return result.success
    ? { error: null, value: result.data }
    : { error: result.error.issues[0]?.message ?? 'no message' };
}

const usernames = [
  '',
  '   ',
  'ab',
  ' ab ',
  'abc',
  '  octo-cat ',
  'octo cat',
  'octo.cat',
  'a'.repeat(USERNAME_MAX),
  'a'.repeat(USERNAME_MAX + 1),
  `${'a'.repeat(USERNAME_MAX)}!`,
  'é_é',
];
const emails = [
  '',
  '  ',
  'a@b',
  'a@b.c',
  ' Octo@Example.COM ',
  'a b@c.d',
  '@b.c',
  `${'a'.repeat(EMAIL_MAX)}@b.c`,
  `${'a'.repeat(EMAIL_MAX - 4)}@b.c`,
];
const passwords = ['', ' ', '12345', '123456', ' spaced ', 'x'.repeat(PASSWORD_MAX + 1)];

describe('zod-free field checks agree with the server schemas', () => {
  it.each(usernames)('username %j', (value) => {
    expect(checkUsername(value)).toBe(schemaAnswer(usernameSchema, value).error);
  });

  it.each(emails)('sign-up email %j', (value) => {
    const answer = schemaAnswer(emailSchema, value);
    expect(checkEmail(value)).toBe(answer.error);
    if (answer.error === null) expect(normaliseEmail(value)).toBe(answer.value);
  });

  it.each(emails)('sign-in email %j', (value) => {
    const answer = schemaAnswer(loginBodySchema.shape.email, value);
    expect(checkLoginEmail(value)).toBe(answer.error);
    if (answer.error === null) expect(normaliseEmail(value)).toBe(answer.value);
  });

  it.each(passwords)('new password %j', (value) => {
    expect(checkNewPassword(value)).toBe(schemaAnswer(newPasswordSchema, value).error);
  });

  it.each(passwords)('sign-in password %j', (value) => {
    expect(checkAnyPassword(value)).toBe(schemaAnswer(loginBodySchema.shape.password, value).error);
  });
});
