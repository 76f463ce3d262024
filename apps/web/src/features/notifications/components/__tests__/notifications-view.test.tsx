import type { Notification, NotificationsResult } from '@shipdeck/shared/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NotificationsRoute } from '@/app/routes/app/notifications';
import { fail, mockApi, ok, type RecordedRequest } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { githubItem, shipdeckItem } from '../../__tests__/inbox-test-data';

const user = buildUser({ githubId: '583231', githubLogin: 'octocat' });

function inboxReply(
  items: () => Notification[],
  extra: Partial<NotificationsResult> = {},
): (request: RecordedRequest) => ReturnType<typeof ok> {
  return () => {
    const notifications = items();
    return ok({
      notifications,
      pagination: {
        page: 1,
        perPage: 50,
        total: notifications.length,
        totalPages: 1,
        hasNext: false,
        hasPrev: false,
      },
      unreadCount: notifications.filter((notification) => !notification.read).length,
      facets: {
        sources: [
          { value: 'github', unread: 3 },
          { value: 'shipdeck', unread: 1 },
        ],
        reasons: [
          { value: 'review_requested', unread: 1 },
          { value: 'ci_activity', unread: 2 },
        ],
        repositories: [{ value: 'acme/web', unread: 3 }],
      },
      githubInbox: 'synced',
      ...extra,
    } satisfies NotificationsResult);
  };
}

const review = githubItem({
  id: 'github-100',
  title: 'Fix the login redirect',
  pullRequest: {
    number: 12,
    state: 'open',
    shipStatus: {
      review: 'review_required',
      checks: 'passing',
      preview: { state: 'none' },
      stage: 'review',
      eta: null,
    },
  },
  link: 'https://ghe.example.com/acme/web/pull/12',
});
const deployFailed = shipdeckItem({ id: 'n-1', title: 'Deployment failed: web' });
const ci1 = githubItem({
  id: 'github-201',
  reason: 'ci_activity',
  subjectType: 'CheckSuite',
  pullRequest: null,
  title: 'CI run failed on main',
});
const ci2 = githubItem({
  id: 'github-202',
  reason: 'ci_activity',
  subjectType: 'CheckSuite',
  pullRequest: null,
  title: 'CI run failed on next',
});
const merged = githubItem({
  id: 'github-300',
  reason: 'author',
  title: 'Add dark mode',
  read: true,
  pullRequest: { number: 13, state: 'merged', shipStatus: null },
});

const inbox = () => [review, deployFailed, ci1, merged, ci2];

describe('the inbox', () => {
  it('lists both sources with source, reason, repository, ship status and a CI group closed', async () => {
    mockApi({ 'GET /api/notifications': inboxReply(inbox) });
    renderApp(<NotificationsRoute />, { url: '/notifications', user });

    const title = await screen.findByRole('link', { name: /Fix the login redirect/ });
    expect(title).toHaveAttribute('href', 'https://ghe.example.com/acme/web/pull/12');
    expect(title).toHaveAttribute('target', '_blank');
    expect(title).toHaveAttribute('rel', 'noopener noreferrer');
    const row = title.closest('li') as HTMLElement;
    expect(row).toHaveAccessibleName(
      /Fix the login redirect, GitHub, Review requested, acme\/web, unread/,
    );
    expect(within(row).getByText('Review requested')).toBeInTheDocument();
    expect(within(row).getByText('acme/web#12')).toBeInTheDocument();
    expect(within(row).getByRole('list', { name: 'Ship status' })).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Mute: Fix the login redirect' }),
    ).toBeInTheDocument();

    const own = screen
      .getByRole('link', { name: 'Deployment failed: web' })
      .closest('li') as HTMLElement;
    expect(own).toHaveAccessibleName(/Shipdeck, Deployment failed/);
    expect(within(own).queryByRole('button', { name: /^Mute/ })).not.toBeInTheDocument();

    const group = screen.getByRole('button', { name: 'CI activity · acme/web · 2' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('CI run failed on main')).not.toBeInTheDocument();
    await userEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('CI run failed on main')).toBeInTheDocument();
    expect(screen.getByText('CI run failed on next')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Done: merged and closed' })).toBeInTheDocument();
  });

  it('filters through the address, each value with its unread count', async () => {
    const { requests } = mockApi({ 'GET /api/notifications': inboxReply(inbox) });
    const { router } = renderApp(<NotificationsRoute />, {
      url: '/notifications?source=github',
      user,
    });
    await screen.findByRole('link', { name: /Fix the login redirect/ });
    const reason = screen.getByRole('combobox', { name: 'Reason' });
    expect(
      within(reason).getByRole('option', { name: 'CI activity (2 unread)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Source' })).toHaveValue('github');
    await userEvent.selectOptions(reason, 'review_requested');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?source=github&reason=review_requested'),
    );
    await waitFor(() =>
      expect(requests.at(-1)?.params).toMatchObject({
        source: 'github',
        reason: 'review_requested',
        perPage: 50,
      }),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'unread');
    await waitFor(() => expect(requests.at(-1)?.params).toMatchObject({ unread: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('triages by keyboard: j/k move, x selects, e acts on the selection, r on the row, ? lists the keys', async () => {
    let items = inbox();
    const { requests } = mockApi({
      'GET /api/notifications': inboxReply(() => items),
      'POST /api/notifications/github-100/done': () => {
        items = items.filter((item) => item.id !== 'github-100');
        return ok({ unreadCount: 2 });
      },
      'POST /api/notifications/n-1/done': () => {
        items = items.filter((item) => item.id !== 'n-1');
        return ok({ unreadCount: 1 });
      },
      'POST /api/notifications/github-201/read': () => ok({ unreadCount: 1 }),
      'POST /api/notifications/github-202/read': () => ok({ unreadCount: 1 }),
    });
    renderApp(<NotificationsRoute />, { url: '/notifications', user });
    await screen.findByRole('link', { name: /Fix the login redirect/ });
    const rowOf = (name: RegExp) =>
      screen
        .getAllByRole('listitem')
        .find((item) => name.test(item.getAttribute('aria-label') ?? ''));

    await userEvent.keyboard('j');
    expect(rowOf(/^Fix the login/)).toHaveFocus();
    await userEvent.keyboard('jk');
    expect(rowOf(/^Fix the login/)).toHaveFocus();
    await userEvent.keyboard('x');
    expect(screen.getByRole('checkbox', { name: 'Select: Fix the login redirect' })).toBeChecked();
    expect(screen.getByTestId('inbox-announcer')).toHaveTextContent('1 selected');
    await userEvent.keyboard('jx');
    expect(screen.getByRole('toolbar', { name: 'Selected items' })).toHaveTextContent('2 selected');
    await userEvent.keyboard('e');
    await waitFor(() =>
      expect(
        screen.queryByRole('link', { name: /Fix the login redirect/ }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('link', { name: 'Deployment failed: web' })).not.toBeInTheDocument();
    expect(screen.getByTestId('inbox-announcer')).toHaveTextContent('Marked 2 items done');
    expect(screen.queryByRole('toolbar', { name: 'Selected items' })).not.toBeInTheDocument();
    // The focus stays in the list, on the row now in the done one's place: the CI group.
    const group = document.querySelector('[data-inbox-key="ci:acme/web"]');
    await waitFor(() => expect(group).toHaveFocus());
    await userEvent.keyboard('r');
    await waitFor(() =>
      expect(requests.map((request) => request.url)).toEqual(
        expect.arrayContaining([
          '/api/notifications/github-201/read',
          '/api/notifications/github-202/read',
        ]),
      ),
    );
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'CI activity · acme/web · 2' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    await userEvent.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Mark done: the item leaves the inbox')).toBeInTheDocument();
    // Keys typed inside the dialog are its own.
    await userEvent.keyboard('e');
    expect(requests.filter((request) => request.url.endsWith('/done'))).toHaveLength(2);
  });

  it('opens the keyboard’s item with o: a GitHub thread in a new tab, marked read', async () => {
    const { requests } = mockApi({
      'GET /api/notifications': inboxReply(inbox),
      'POST /api/notifications/github-100/read': ok({ unreadCount: 3 }),
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp(<NotificationsRoute />, { url: '/notifications', user });
    await screen.findByRole('link', { name: /Fix the login redirect/ });
    await userEvent.keyboard('jo');
    expect(open).toHaveBeenCalledWith(
      'https://ghe.example.com/acme/web/pull/12',
      '_blank',
      'noopener,noreferrer',
    );
    await waitFor(() =>
      expect(requests.map((request) => request.url)).toContain(
        '/api/notifications/github-100/read',
      ),
    );
  });

  it('says GitHub did not answer when the server could not reach it', async () => {
    mockApi({
      'GET /api/notifications': inboxReply(inbox),
      'POST /api/notifications/github-100/done': fail(502, 'GitHub is down', 'PROVIDER_ERROR'),
    });
    renderApp(<NotificationsRoute />, { url: '/notifications', user });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Done: Fix the login redirect' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('inbox-announcer')).toHaveTextContent(
        'Could not mark done the item. GitHub did not answer.',
      ),
    );
    expect(screen.getByRole('link', { name: /Fix the login redirect/ })).toBeInTheDocument();
  });

  it('ignores the keys while typing or with a modifier held', async () => {
    const { requests } = mockApi({ 'GET /api/notifications': inboxReply(inbox) });
    renderApp(<NotificationsRoute />, { url: '/notifications', user });
    await screen.findByRole('link', { name: /Fix the login redirect/ });
    await userEvent.keyboard('j');
    act(() => {
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'e', ctrlKey: true });
    });
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Reason' }), { key: 'e' });
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('says why GitHub refused, and leaves the item as it was', async () => {
    mockApi({
      'GET /api/notifications': inboxReply(inbox),
      'POST /api/notifications/github-100/mute': fail(
        403,
        'GitHub refused: the token cannot change this thread’s subscription.',
        'GITHUB_REFUSED',
      ),
    });
    renderApp(<NotificationsRoute />, { url: '/notifications', user });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mute: Fix the login redirect' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('inbox-announcer')).toHaveTextContent(
        /Could not mute the item\. GitHub refused: the token cannot/,
      ),
    );
    expect(await screen.findByText(/Could not mute the item/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Fix the login redirect/ })).toBeInTheDocument();
  });

  it('says plainly why a fine-grained token brings no GitHub notifications', async () => {
    mockApi({
      'GET /api/notifications': inboxReply(() => [deployFailed], {
        githubInbox: 'unsupported-token',
      }),
      'GET /api/meta': ok({
        demoMode: false,
        githubSignIn: true,
        githubWebUrl: 'https://ghe.example.com',
        version: 'test',
      }),
    });
    renderApp(<NotificationsRoute />, { url: '/notifications', user });
    expect(
      await screen.findByText(
        /Fine-grained personal access tokens and GitHub App tokens cannot read notifications/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/classic personal access token that has the notifications scope/),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Create a classic token' })).toHaveAttribute(
      'href',
      'https://ghe.example.com/settings/tokens/new?scopes=notifications,repo,read:org&description=Shipdeck',
    );
  });

  it('offers to connect GitHub when it is not connected', async () => {
    mockApi({
      'GET /api/notifications': inboxReply(() => [deployFailed], { githubInbox: 'not-connected' }),
    });
    renderApp(<NotificationsRoute />, { url: '/notifications', user: buildUser() });
    expect(
      await screen.findByRole('heading', { name: 'GitHub not connected' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Deployment failed: web' })).toBeInTheDocument();
  });
});
