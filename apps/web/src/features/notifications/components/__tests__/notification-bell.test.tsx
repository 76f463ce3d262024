import { notificationTexts } from '@shipdeck/shared/notification-constants';
import type { Notification, NotificationsResult } from '@shipdeck/shared/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockReply, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { githubItem, shipdeckItem } from '../../__tests__/inbox-test-data';
import { NotificationBell } from '../notification-bell';

function panelReply(notifications: Notification[]): MockReply {
  return ok({
    notifications,
    pagination: {
      page: 1,
      perPage: 10,
      total: notifications.length,
      totalPages: 1,
      hasNext: false,
      hasPrev: false,
    },
    unreadCount: notifications.filter((notification) => !notification.read).length,
    facets: { sources: [], reasons: [], repositories: [] },
    githubInbox: 'synced',
  } satisfies NotificationsResult);
}

const failedDeployment = shipdeckItem({
  id: 'n-failed',
  title: 'Deployment failed: web',
  link: '/deployments',
});
const thread = githubItem({ id: 'github-7', title: 'Fix the login redirect', read: true });

/**
 * The bell on a page the panel's links lead to as well (`/:page`), so it stays mounted when a
 * choice in its panel navigates.
 */
function renderBell(routes: Parameters<typeof mockApi>[0], bells: 1 | 2 = 1) {
  const api = mockApi(routes);
  const view = renderApp(
    <header>
      <NotificationBell />
      {bells === 2 ? <NotificationBell /> : null}
    </header>,
    { url: '/pull-requests', path: '/:page', user: buildUser() },
  );
  return { ...api, ...view };
}

/** The panel the bell opens, found from the bell (hidden or not). */
function panelOf(bell: HTMLElement): HTMLElement {
  const id = bell.getAttribute('popovertarget');
  const panel = id ? document.getElementById(id) : null;
  if (!panel) throw new Error('the bell names no panel');
  return panel;
}

describe('the notification bell', () => {
  it('draws its panel hidden with the bell, and shows it with its list when pressed, the focus in it', async () => {
    renderBell({ 'GET /api/notifications': panelReply([failedDeployment, thread]) });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');

    // There, hidden; and empty once the app runs (the server's drawing holds its frame until
    // then, so a press before opens it whole): its hidden words would be found beside the page's.
    const panel = panelOf(bell);
    expect(panel).toHaveAttribute('role', 'dialog');
    expect(panel).toHaveAttribute('aria-label', 'Notifications');
    expect(panel).toHaveAttribute('popover', 'auto');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(panel).toBeEmptyDOMElement();

    await userEvent.click(bell);
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBe(panel);
    expect(within(panel).getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: notificationTexts.viewAll })).toHaveAttribute(
      'href',
      '/notifications',
    );
    await expect.poll(() => document.activeElement).toBe(panel);
    const items = await within(panel).findAllByRole('button', {
      name: /^(Deployment failed: web|Fix the login redirect)/,
    });
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Deployment failed: web'),
      expect.stringContaining('Fix the login redirect'),
    ]);
    // One unread and two items: both actions can act.
    expect(
      within(panel).getByRole('button', { name: notificationTexts.markAllRead }),
    ).toBeEnabled();
    expect(within(panel).getByRole('button', { name: notificationTexts.clearAll })).toBeEnabled();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('hides its panel when an item is chosen, marks it read and opens what it is about', async () => {
    const { requests, router } = renderBell({
      'GET /api/notifications': panelReply([failedDeployment, thread]),
      'POST /api/notifications/n-failed/read': ok({ unreadCount: 0 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    await userEvent.click(
      await within(panel).findByRole('button', { name: /^Deployment failed: web/ }),
    );

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/deployments');
    expect(requests.map((request) => `${request.method} ${request.url}`)).toContain(
      'POST /api/notifications/n-failed/read',
    );
  });

  it('hides its panel when View all is followed to the inbox', async () => {
    const { router } = renderBell({ 'GET /api/notifications': panelReply([thread]) });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    await within(panel).findByRole('button', { name: /^Fix the login redirect/ });

    await userEvent.click(within(panel).getByRole('link', { name: notificationTexts.viewAll }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notifications');
  });

  it('shows the loading status until the list has its answer, then the list', async () => {
    let answer: (reply: MockReply) => void = () => undefined;
    renderBell({
      'GET /api/notifications': () => new Promise<MockReply>((resolve) => (answer = resolve)),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    // Nothing to act on yet.
    expect(
      within(panel).getByRole('button', { name: notificationTexts.markAllRead }),
    ).toBeDisabled();

    answer(panelReply([failedDeployment]));
    expect(
      await within(panel).findByRole('button', { name: /^Deployment failed: web/ }),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('marks all read from its panel', async () => {
    const { requests } = renderBell({
      'GET /api/notifications': panelReply([failedDeployment]),
      'POST /api/notifications/read-all': ok({ unreadCount: 0 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    const markAll = await within(panel).findByRole('button', {
      name: notificationTexts.markAllRead,
    });
    await expect.poll(() => markAll.hasAttribute('disabled')).toBe(false);
    await userEvent.click(markAll);
    await expect
      .poll(() => requests.map((request) => `${request.method} ${request.url}`))
      .toContain('POST /api/notifications/read-all');
  });

  it('gives each bell a panel of its own (the dashboard shows two)', async () => {
    renderBell({ 'GET /api/notifications': panelReply([failedDeployment]) }, 2);
    await screen.findAllByRole('button', { name: 'Notifications, 1 unread' });
    const [first, second] = screen.getAllByRole('button', { name: 'Notifications, 1 unread' });
    if (!first || !second) throw new Error('two bells expected');
    expect(panelOf(first)).not.toBe(panelOf(second));

    await userEvent.click(second);
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBe(panelOf(second));
    expect(panelOf(first)).not.toBeVisible();
    expect(
      await within(panelOf(second)).findByRole('button', { name: /^Deployment failed: web/ }),
    ).toBeInTheDocument();
  });
});
