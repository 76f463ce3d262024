import { describe, expect, it } from 'vitest';
import { loginBodySchema, signupBodySchema, signupFormSchema } from './auth.js';
import { validationMessages } from './sign-in-messages.js';

function firstMessages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
  );
}

describe('signup schemas', () => {
  it('gives the spec texts for missing fields', () => {
    const result = signupBodySchema.safeParse({});
    expect(firstMessages(result)).toEqual({
      username: validationMessages.usernameRequired,
      email: validationMessages.emailRequired,
      password: validationMessages.passwordRequired,
    });
  });

  it('checks lengths, pattern and address', () => {
    const result = signupBodySchema.safeParse({ username: 'ab', email: 'a@b', password: '12345' });
    expect(firstMessages(result)).toEqual({
      username: validationMessages.usernameMin,
      email: validationMessages.emailInvalid,
      password: validationMessages.passwordMin,
    });
  });

  it('normalises the email and trims the username', () => {
    const result = signupBodySchema.parse({
      username: '  octo-cat ',
      email: ' Octo@Example.COM ',
      password: 'secret1',
    });
    expect(result).toEqual({
      username: 'octo-cat',
      email: 'octo@example.com',
      password: 'secret1',
    });
  });

  it('refuses a confirmation that differs', () => {
    const result = signupFormSchema.safeParse({
      username: 'octocat',
      email: 'octo@example.com',
      password: 'secret1',
      confirmPassword: 'secret2',
    });
    expect(firstMessages(result)).toEqual({
      confirmPassword: validationMessages.passwordsDoNotMatch,
    });
  });
});

describe('login schema', () => {
  it('requires both fields', () => {
    expect(firstMessages(loginBodySchema.safeParse({ email: '', password: '' }))).toEqual({
      email: validationMessages.emailRequired,
      password: validationMessages.passwordRequired,
    });
  });
});
