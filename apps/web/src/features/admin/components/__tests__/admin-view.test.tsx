import type { AdminUser, AuditEntry } from '@shipdeck/shared/admin';
import { auditActionLabels, serverVercelAccessLabels } from '@shipdeck/shared/admin';
import { adminMessages, auditOutcomeLabels } from '@shipdeck/shared/instance-access-messages';
import { errorMessages } from '@shipdeck/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, type RecordedRequest } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { formatDateTime } from '@/utils/format-date';
import { AdminView } from '../admin-view';

function adminUser(overrides: Partial<AdminUser>): AdminUser {
  return {
    id: 'u1',
    username: 'octocat',
    email: 'mona@example.com',
    role: 'owner',
    githubLogin: null,
    vercel: null,
    createdAt: '2026-01-15T10:00:00.000Z',
    lastLoginAt: null,
    disabled: false,
    ...overrides,
  };
}

const owner = adminUser({ githubLogin: 'octocat', lastLoginAt: '2026-11-27T09:00:00.000Z' });
const admin = adminUser({ id: 'u2', username: 'hubot', email: 'hubot@example.com', role: 'admin' });
const member = adminUser({
  id: 'u3',
  username: 'ada',
  email: 'ada@example.com',
  role: 'member',
  vercel: { username: 'shipdeck-demo', source: 'server' },
});
const users = ok({ users: [owner, admin, member] });

const signedInOwner = buildUser({ id: 'u1', role: 'owner' });
const signedInAdmin = buildUser({ id: 'u2', username: 'hubot', role: 'admin' });

function renderAdmin(url = '/admin', user = signedInOwner) {
  return renderApp(<AdminView />, { url, path: '/admin', user });
}

function rowOf(username: string): HTMLElement {
  const heading = screen.getByRole('heading', { name: username });
  const row = heading.closest('li');
  if (!row) throw new Error(`no row for ${username}`);
  return row;
}

const sent = (requests: RecordedRequest[], method: string) =>
  requests.filter((request) => request.method === method);

describe('admin page: who may see it', () => {
  it('tells a member the page is for admins, without asking the server', () => {
    const { requests } = mockApi({});
    renderAdmin('/admin', buildUser({ role: 'member' }));

    expect(screen.getByText(adminMessages.adminOnlyPage)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('says the same when the server refuses (the role changed while the page was open)', async () => {
    mockApi({ 'GET /api/admin/users': fail(403, errorMessages.adminOnly, 'FORBIDDEN') });
    renderAdmin();

    expect(await screen.findByText(adminMessages.adminOnlyPage)).toBeInTheDocument();
  });
});

describe('admin page: users', () => {
  it('lists every account with its role, connections, dates and state', async () => {
    mockApi({
      'GET /api/admin/users': ok({ users: [owner, { ...member, disabled: true }] }),
    });
    renderAdmin();

    const ownerRow = await screen.findByRole('heading', { name: 'octocat' });
    expect(screen.getByText('2 accounts on this instance.')).toBeInTheDocument();
    const first = rowOf('octocat');
    expect(first).toHaveTextContent('mona@example.com');
    expect(first).toHaveTextContent('GitHuboctocat');
    expect(first).toHaveTextContent('You');
    expect(ownerRow).toBeInTheDocument();
    const second = rowOf('ada');
    expect(second).toHaveTextContent('Vercelshipdeck-demo (server account)');
    expect(second).toHaveTextContent('Last sign-inNever');
    expect(within(second).getByText('Disabled')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Enable ada' })).toBeInTheDocument();
    // Your own row: no disabling or deleting yourself.
    expect(within(first).queryByRole('button', { name: /Disable|Delete/ })).toBeNull();
  });

  it('changes a role, says so and reads the accounts again', async () => {
    const { requests } = mockApi({
      'GET /api/admin/users': users,
      'PATCH /api/admin/users/u3': ok({ user: { ...member, role: 'admin' } }),
      'GET /api/admin/audit': ok({ entries: [], nextCursor: null }),
      'GET /auth/me': ok({ user: signedInOwner }),
    });
    renderAdmin();
    const select = await screen.findByRole('combobox', { name: 'Role of ada' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Member', 'Admin', 'Owner']);

    await userEvent.selectOptions(select, 'admin');

    expect(await screen.findByText(adminMessages.roleChanged('ada', 'Admin'))).toBeInTheDocument();
    expect(sent(requests, 'PATCH')).toEqual([
      expect.objectContaining({ url: '/api/admin/users/u3', body: { role: 'admin' } }),
    ]);
    await waitFor(() =>
      expect(requests.filter((request) => request.url === '/api/admin/users')).toHaveLength(2),
    );
  });

  it('shows the server’s refusal of the last owner’s demotion', async () => {
    mockApi({
      'GET /api/admin/users': users,
      'PATCH /api/admin/users/u1': fail(409, errorMessages.lastOwner, 'CONFLICT'),
      'GET /auth/me': ok({ user: signedInOwner }),
    });
    renderAdmin();

    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Role of octocat' }),
      'member',
    );

    expect(await screen.findByText(errorMessages.lastOwner)).toBeInTheDocument();
  });

  it('disables an account', async () => {
    const { requests } = mockApi({
      'GET /api/admin/users': users,
      'PATCH /api/admin/users/u3': ok({ user: { ...member, disabled: true } }),
      'GET /auth/me': ok({ user: signedInOwner }),
    });
    renderAdmin();

    await userEvent.click(await screen.findByRole('button', { name: 'Disable ada' }));

    expect(await screen.findByText(adminMessages.userDisabled('ada'))).toBeInTheDocument();
    expect(sent(requests, 'PATCH')[0]?.body).toEqual({ disabled: true });
  });

  it('makes a password reset link for an account and shows it once, saying whether it was mailed', async () => {
    const url = 'http://localhost:3000/reset-password?token=sdr_abc';
    const { requests } = mockApi({
      'GET /api/admin/users': users,
      'POST /api/admin/users/u3/password-reset': ok({
        url,
        expiresAt: '2026-11-27T11:00:00.000Z',
        mailed: true,
      }),
    });
    renderAdmin();

    await userEvent.click(
      await screen.findByRole('button', { name: 'Make a password reset link for ada' }),
    );

    const field = await screen.findByLabelText('Password reset link for ada');
    expect(field).toHaveValue(url);
    expect(within(rowOf('ada')).getByText(adminMessages.resetLinkOnce('ada', true))).toBeVisible();
    expect(sent(requests, 'POST')).toHaveLength(1);
  });

  it('deletes an account only once the dialog naming it is confirmed', async () => {
    const { requests } = mockApi({
      'GET /api/admin/users': users,
      'DELETE /api/admin/users/u3': ok({}),
    });
    renderAdmin();

    await userEvent.click(await screen.findByRole('button', { name: 'Delete ada' }));
    const dialog = await screen.findByRole('dialog', {
      name: adminMessages.deleteUserTitle('ada'),
    });
    expect(dialog).toHaveTextContent('ada · ada@example.com');
    expect(sent(requests, 'DELETE')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    expect(await screen.findByText(adminMessages.userDeleted('ada'))).toBeInTheDocument();
    expect(sent(requests, 'DELETE')).toEqual([
      expect.objectContaining({ url: '/api/admin/users/u3' }),
    ]);
  });

  it('offers an admin nothing on owners and admins, and no role to give a member', async () => {
    mockApi({ 'GET /api/admin/users': users });
    renderAdmin('/admin', signedInAdmin);

    await screen.findByRole('heading', { name: 'octocat' });
    expect(rowOf('octocat')).toHaveTextContent(adminMessages.cannotManage);
    expect(within(rowOf('octocat')).queryByRole('button')).toBeNull();
    expect(within(rowOf('hubot')).queryByRole('button')).toBeNull();
    const memberRow = rowOf('ada');
    expect(within(memberRow).queryByRole('combobox')).toBeNull();
    expect(within(memberRow).getByRole('button', { name: 'Disable ada' })).toBeInTheDocument();
    expect(within(memberRow).getByRole('button', { name: 'Delete ada' })).toBeInTheDocument();
  });
});

describe('admin page: invitations', () => {
  it('creates an invitation and shows its link once, with a Copy button', async () => {
    const { requests } = mockApi({
      'GET /api/admin/invitations': ok({ invitations: [] }),
      'POST /api/admin/invitations': ok({
        id: 'inv1',
        url: 'http://shipdeck.test/signup?invitation=tok_1',
        expiresAt: '2026-12-04T10:00:00.000Z',
      }),
      'GET /api/admin/audit': ok({ entries: [], nextCursor: null }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin?tab=invitations');

    expect(await screen.findByText(adminMessages.noInvitations)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email (optional)'), 'Ada@Example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));

    const link = await screen.findByLabelText('Invitation link');
    expect(link).toHaveValue('http://shipdeck.test/signup?invitation=tok_1');
    expect(sent(requests, 'POST')[0]?.body).toEqual({ email: 'ada@example.com', role: 'admin' });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(
      'http://shipdeck.test/signup?invitation=tok_1',
    );
  });

  it('checks an address only when one is typed, and gives an admin only Member', async () => {
    const { requests } = mockApi({ 'GET /api/admin/invitations': ok({ invitations: [] }) });
    renderAdmin('/admin?tab=invitations', signedInAdmin);

    await userEvent.type(await screen.findByLabelText('Email (optional)'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Create invitation' }));

    expect(screen.getByLabelText('Email (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(sent(requests, 'POST')).toEqual([]);
    expect(
      within(screen.getByLabelText('Role'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Member']);
  });

  it('lists pending invitations and revokes one', async () => {
    const { requests } = mockApi({
      'GET /api/admin/invitations': ok({
        invitations: [
          {
            id: 'inv1',
            email: null,
            role: 'member',
            invitedBy: 'octocat',
            createdAt: '2026-11-27T10:00:00.000Z',
            expiresAt: '2026-12-04T10:00:00.000Z',
          },
        ],
      }),
      'DELETE /api/admin/invitations/inv1': ok({}),
    });
    renderAdmin('/admin?tab=invitations');

    const revoke = await screen.findByRole('button', {
      name: 'Revoke the invitation for Anyone with the link',
    });
    expect(revoke.closest('li')).toHaveTextContent('Invited by octocat');
    await userEvent.click(revoke);

    expect(await screen.findByText(adminMessages.invitationRevoked)).toBeInTheDocument();
    expect(sent(requests, 'DELETE')[0]?.url).toBe('/api/admin/invitations/inv1');
  });
});

describe('admin page: settings', () => {
  it('saves what members may do with the server’s Vercel account as soon as it is chosen', async () => {
    const { requests } = mockApi({
      'GET /api/admin/settings': ok({ serverVercelAccess: 'off', serverVercelAccount: true }),
      'PUT /api/admin/settings': ok({ serverVercelAccess: 'act', serverVercelAccount: true }),
      'GET /api/admin/audit': ok({ entries: [], nextCursor: null }),
    });
    renderAdmin('/admin?tab=settings');

    const group = await screen.findByRole('group', {
      name: adminMessages.serverVercelAccessLegend,
    });
    expect(within(group).getByRole('radio', { name: serverVercelAccessLabels.off })).toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: serverVercelAccessLabels.act }));

    expect(await screen.findByText(adminMessages.settingsSaved)).toBeInTheDocument();
    expect(sent(requests, 'PUT')[0]?.body).toEqual({ serverVercelAccess: 'act' });
    expect(within(group).getByRole('radio', { name: serverVercelAccessLabels.act })).toBeChecked();
  });

  it('explains why there is nothing to choose without a server Vercel account', async () => {
    mockApi({
      'GET /api/admin/settings': ok({ serverVercelAccess: 'off', serverVercelAccount: false }),
    });
    renderAdmin('/admin?tab=settings');

    const group = await screen.findByRole('group', {
      name: adminMessages.serverVercelAccessLegend,
    });
    expect(group).toHaveAccessibleDescription(adminMessages.noServerVercelAccount);
    for (const radio of within(group).getAllByRole('radio')) expect(radio).toBeDisabled();
  });
});

describe('admin page: audit log', () => {
  const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
    id: 'a1',
    at: '2026-11-27T10:00:00.000Z',
    actor: { kind: 'user', username: 'octocat' },
    action: 'user.disabled',
    target: { type: 'user', id: 'u3', label: 'ada' },
    ip: '203.0.113.7',
    outcome: 'success',
    details: {},
    ...overrides,
  });

  it('shows who did what to whom, newest first, and loads older entries with the cursor', async () => {
    const { requests } = mockApi({
      'GET /api/admin/audit': (request) =>
        request.params.cursor === 'c2'
          ? ok({
              entries: [
                entry({
                  id: 'a3',
                  actor: { kind: 'anonymous', username: null },
                  action: 'signin.disabled',
                  outcome: 'refused',
                  target: null,
                }),
              ],
              nextCursor: null,
            })
          : ok({
              entries: [
                entry({ id: 'a1' }),
                entry({
                  id: 'a2',
                  actor: { kind: 'cli', username: null },
                  action: 'password.reset_link',
                  ip: null,
                  details: { from: 'member', to: 'admin', expiresAt: '2026-12-04T10:00:00.000Z' },
                }),
              ],
              nextCursor: 'c2',
            }),
    });
    renderAdmin('/admin?tab=audit');

    const list = await screen.findByRole('list');
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent(`octocat${auditActionLabels['user.disabled']}ada`);
    expect(first).toHaveTextContent(auditOutcomeLabels.success);
    expect(first).toHaveTextContent('From 203.0.113.7');
    expect(within(first as HTMLElement).getByRole('time')).toHaveAttribute(
      'dateTime',
      '2026-11-27T10:00:00.000Z',
    );
    expect(second).toHaveTextContent(adminMessages.actorCli);
    expect(second).toHaveTextContent(
      `from: member · to: admin · expires at: ${formatDateTime('2026-12-04T10:00:00.000Z')}`,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText(adminMessages.actorAnonymous)).toBeInTheDocument();
    expect(screen.getByText(auditOutcomeLabels.refused)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.map((request) => request.params.cursor ?? null)).toEqual([null, 'c2']);
  });
});
