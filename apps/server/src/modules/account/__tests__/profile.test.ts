import { errorMessages } from '@shipdeck/shared/messages';
import { validationMessages } from '@shipdeck/shared/sign-in-messages';
import { describe, expect, it } from 'vitest';
import { bearer, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';

describe.each(testDialects)('profile and preferences on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('updates display name and email, and the change is visible on /auth/me', async () => {
    const { token, account } = await signUpAndLogIn(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/auth/profile',
      headers: bearer(token),
      payload: {
        displayName: '  Ada Lovelace 🚀 ',
        email: 'ADA.new@Example.com',
        currentPassword: account.password,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: { user: { displayName: 'Ada Lovelace 🚀', email: 'ada.new@example.com' } },
    });
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ data: { user: { email: 'ada.new@example.com' } } });
  });

  it('refuses an email that another account uses', async () => {
    const first = await signUpAndLogIn(t.app);
    const second = await signUpAndLogIn(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/auth/profile',
      headers: bearer(second.token),
      payload: {
        displayName: 'Second',
        email: first.account.email,
        currentPassword: second.account.password,
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: errorMessages.emailTaken });
  });

  it('keeps the own email without complaint', async () => {
    const { token, account } = await signUpAndLogIn(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/auth/profile',
      headers: bearer(token),
      payload: { displayName: 'Same Email', email: account.email },
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    [
      { displayName: '', email: 'a@example.com' },
      'body.displayName',
      validationMessages.displayNameRequired,
    ],
    [
      { displayName: 'x'.repeat(101), email: 'a@example.com' },
      'body.displayName',
      validationMessages.displayNameMax,
    ],
    [{ displayName: 'Ok', email: 'nope' }, 'body.email', validationMessages.emailInvalid],
    [
      { displayName: 'Ok', email: 'a@example.com', isAdmin: true },
      'body',
      'Unrecognized key: "isAdmin"',
    ],
  ])('refuses profile %j naming %s', async (payload, field, message) => {
    const { token } = await signUpAndLogIn(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/auth/profile',
      headers: bearer(token),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { field: string; message: string }[] }>().errors).toContainEqual(
      {
        field,
        message,
      },
    );
  });

  it('changes only the preference flags that are sent', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const first = await t.app.inject({
      method: 'PUT',
      url: '/auth/preferences',
      headers: bearer(token),
      payload: { emailNotifications: false },
    });
    expect(first.json()).toMatchObject({
      data: {
        user: {
          preferences: {
            notifications: true,
            emailNotifications: false,
            githubSync: true,
            vercelSync: true,
          },
        },
      },
    });
    const second = await t.app.inject({
      method: 'PUT',
      url: '/auth/preferences',
      headers: bearer(token),
      payload: { vercelSync: false, notifications: false },
    });
    expect(second.json()).toMatchObject({
      data: {
        user: {
          preferences: {
            notifications: false,
            emailNotifications: false,
            githubSync: true,
            vercelSync: false,
          },
        },
      },
    });
  });

  it.each([
    [{ notifications: 'yes' }, 'body.notifications'],
    [{ darkMode: true }, 'body'],
  ])('refuses preferences %j naming %s', async (payload, field) => {
    const { token } = await signUpAndLogIn(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/auth/preferences',
      headers: bearer(token),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe(field);
  });

  it('never lets one user change another: every write acts on the token owner', async () => {
    const alice = await signUpAndLogIn(t.app);
    const bob = await signUpAndLogIn(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/auth/profile',
      headers: bearer(bob.token),
      payload: { displayName: 'Bob', email: bob.account.email, id: alice.userId },
    });
    await t.app.inject({
      method: 'PUT',
      url: '/auth/preferences',
      headers: bearer(bob.token),
      payload: { githubSync: false },
    });
    const aliceMe = await t.app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: bearer(alice.token),
    });
    expect(aliceMe.json()).toMatchObject({
      data: {
        user: {
          id: alice.userId,
          displayName: alice.account.username,
          preferences: { githubSync: true },
        },
      },
    });
    const bobMe = await t.app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: bearer(bob.token),
    });
    expect(bobMe.json()).toMatchObject({
      data: { user: { id: bob.userId, preferences: { githubSync: false } } },
    });
  });
});
