import type { Notification } from '@shipdeck/shared/notifications';
import { pullRequestActionMessages } from '@shipdeck/shared/pull-request-actions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NotificationsRoute } from '@/app/routes/app/notifications';
import {
  actionsAnswer,
  HEAD,
  shipRow,
} from '@/features/pull-request-actions/__tests__/pull-request-actions-test-data';
import { mockApi, ok, type RecordedRequest } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { githubItem, shipdeckItem } from '../../__tests__/inbox-test-data';

const user = buildUser({ githubId: '583231', githubLogin: 'octocat' });
const base = '/api/github/repos/acme/web/pulls/12';

const thread = githubItem({
  id: 'github-100',
  title: 'Fix the login redirect',
  pullRequest: {
    number: 12,
    state: 'open',
    shipStatus: {
      review: 'review_required',
      checks: 'failing',
      preview: { state: 'none' },
      stage: 'checks',
      eta: null,
    },
  },
});
const event = shipdeckItem({ id: 'n-1', title: 'Deployment failed: web' });

function inboxReply(items: Notification[]) {
  return () =>
    ok({
      notifications: items,
      pagination: { page: 1, perPage: 50, total: 2, totalPages: 1, hasNext: false, hasPrev: false },
      unreadCount: 2,
      facets: { sources: [], reasons: [], repositories: [] },
      githubInbox: 'synced',
    });
}

const posts = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'POST').map((request) => request.url);

describe('pull-request keys in the inbox (issue 37)', () => {
  it('approves with a, re-runs failed checks with R and merges with M after a confirmation', async () => {
    const { requests } = mockApi({
      'GET /api/notifications': inboxReply([thread, event]),
      [`GET ${base}/actions`]: ok(actionsAnswer()),
      [`POST ${base}/reviews`]: ok({
        action: 'approve',
        pullRequest: shipRow({ review: 'approved' }),
        sha: null,
      }),
      [`POST ${base}/rerun-failed-checks`]: ok({
        rerun: [{ kind: 'actions-run', id: 7, name: 'CI' }],
        notRerunnable: [{ context: 'ci/legacy' }],
      }),
      [`POST ${base}/merge`]: ok({
        action: 'merge',
        pullRequest: shipRow({ merged: true }),
        sha: null,
      }),
    });
    renderApp(<NotificationsRoute />, { url: '/notifications', user });
    await screen.findByRole('link', { name: /Fix the login redirect/ });
    const announcer = screen.getByTestId('inbox-announcer');

    await userEvent.keyboard('j');
    await userEvent.keyboard('a');
    await waitFor(() => expect(announcer).toHaveTextContent('Approved acme/web#12'));
    expect(requests.find((request) => request.url === `${base}/reviews`)?.body).toEqual({
      event: 'APPROVE',
    });

    await userEvent.keyboard('R');
    await waitFor(() =>
      expect(announcer).toHaveTextContent('Re-running 1 failed check of acme/web#12'),
    );
    expect(announcer).toHaveTextContent(
      `${pullRequestActionMessages.classicStatusNotRerunnable} ci/legacy`,
    );

    // A lower-case m mutes; M asks before merging.
    await userEvent.keyboard('M');
    const dialog = await screen.findByRole('dialog', { name: 'Merge #12?' });
    expect(posts(requests)).not.toContain(`${base}/merge`);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(announcer).toHaveTextContent('Merged acme/web#12'));
    expect(requests.find((request) => request.url === `${base}/merge`)?.body).toEqual({
      method: 'merge',
      expectedHeadSha: HEAD,
    });
  });

  it('says why, and sends nothing, on their own pull request or on an item that is none', async () => {
    const { requests } = mockApi({
      'GET /api/notifications': inboxReply([thread, event]),
      [`GET ${base}/actions`]: ok(
        actionsAnswer({
          viewerIsAuthor: true,
          available: {
            merge: true,
            autoMerge: true,
            approve: false,
            requestChanges: false,
            requestReviewers: true,
            rerunFailedChecks: true,
          },
        }),
      ),
    });
    renderApp(<NotificationsRoute />, { url: '/notifications', user });
    await screen.findByRole('link', { name: /Fix the login redirect/ });
    const announcer = screen.getByTestId('inbox-announcer');
    await userEvent.keyboard('ja');
    await waitFor(() =>
      expect(announcer).toHaveTextContent(pullRequestActionMessages.ownPullRequest),
    );
    await userEvent.keyboard('ja');
    await waitFor(() => expect(announcer).toHaveTextContent(/act on an open pull request/));
    expect(posts(requests)).toEqual([]);
  });

  it('lists a, M and R in the ? help', async () => {
    mockApi({ 'GET /api/notifications': inboxReply([thread]) });
    renderApp(<NotificationsRoute />, { url: '/notifications', user });
    await screen.findByRole('link', { name: /Fix the login redirect/ });
    await userEvent.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Approve the pull request')).toBeInTheDocument();
    expect(within(dialog).getByText('Merge the pull request (asks first)')).toBeInTheDocument();
    expect(within(dialog).getByText('Re-run the pull request’s failed checks')).toBeInTheDocument();
  });
});
