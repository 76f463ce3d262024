import { pullRequestActionMessages } from '@shipdeck/shared/pull-request-actions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PullRequestRow } from '@/features/github/components/pull-request-row';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { actionsAnswer, HEAD, NEW_HEAD, shipRow } from './pull-request-actions-test-data';

const user = buildUser({ githubId: '583231', githubLogin: 'octocat' });
const base = '/api/github/repos/acme/web/pulls/12';

function renderRow() {
  return renderApp(
    <ul>
      <PullRequestRow pullRequest={shipRow()} />
    </ul>,
    { url: '/pull-requests', user },
  );
}

async function openMenu() {
  await userEvent.click(await screen.findByRole('button', { name: 'Actions for #12' }));
  return screen.findByRole('menu');
}

describe('pull-request actions menu (issue 37)', () => {
  it('offers only what the actions answer makes available, and shows a refusal readably', async () => {
    const { requests } = mockApi({
      [`GET ${base}/actions`]: ok(
        actionsAnswer({
          viewerIsAuthor: false,
          canPush: false,
          checks: 'passing',
          available: {
            merge: false,
            autoMerge: false,
            approve: true,
            requestChanges: true,
            requestReviewers: false,
            rerunFailedChecks: false,
          },
        }),
      ),
      [`POST ${base}/reviews`]: fail(
        403,
        `${pullRequestActionMessages.missingPermission} Pull requests: write`,
        'missing_permission',
      ),
    });
    renderRow();
    const menu = await openMenu();
    const items = await within(menu).findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Approve', 'Request changes…']);

    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Approve' }));
    expect(
      await screen.findByText(
        `${pullRequestActionMessages.missingPermission} Pull requests: write`,
      ),
    ).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      event: 'APPROVE',
    });
  });

  it('offers nothing on an archived repository, and says why', async () => {
    mockApi({
      [`GET ${base}/actions`]: ok(
        actionsAnswer({
          archived: true,
          available: {
            merge: false,
            autoMerge: false,
            approve: false,
            requestChanges: false,
            requestReviewers: false,
            rerunFailedChecks: false,
          },
        }),
      ),
    });
    renderRow();
    const menu = await openMenu();
    expect(await within(menu).findByText(pullRequestActionMessages.archived)).toBeInTheDocument();
    expect(within(menu).queryAllByRole('menuitem')).toHaveLength(0);
    // Nor is the re-run offered beside the failing checks.
    expect(screen.queryByRole('button', { name: /Re-run failed checks/ })).not.toBeInTheDocument();
  });

  it('merges with an allowed method, the last one first, sending the head the dialog shows', async () => {
    const { requests } = mockApi({
      [`GET ${base}/actions`]: ok(
        actionsAnswer({ mergeMethods: ['squash', 'rebase'], lastMergeMethod: 'rebase' }),
      ),
      'GET /api/github/pull-requests': ok({ pullRequests: [], pagination: {} }),
      [`POST ${base}/merge`]: ok({
        action: 'merge',
        pullRequest: shipRow({ state: 'closed', merged: true, stage: 'merged' }),
        sha: 'c'.repeat(40),
      }),
    });
    renderRow();
    const menu = await openMenu();
    await userEvent.click(await within(menu).findByRole('menuitem', { name: 'Merge…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge #12?' });
    const method = within(dialog).getByRole('combobox', { name: 'Merge method' });
    expect(method).toHaveValue('rebase');
    expect(
      within(method)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Squash and merge', 'Rebase and merge']);
    expect(within(dialog).getByText(/GitHub cannot undo a merge/)).toBeInTheDocument();
    expect(within(dialog).getByText('aaaaaaa')).toBeInTheDocument();
    await userEvent.selectOptions(method, 'squash');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));

    expect(await screen.findByText('Merged acme/web#12')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const merge = requests.filter((request) => request.url === `${base}/merge`);
    expect(merge.map((request) => request.body)).toEqual([
      { method: 'squash', expectedHeadSha: HEAD },
    ]);
  });

  it('offers to reload when the head moved (409), then merges the new head', async () => {
    let head = HEAD;
    let merges = 0;
    const { requests } = mockApi({
      [`GET ${base}/actions`]: () => ok(actionsAnswer({ headSha: head })),
      'GET /api/github/pull-requests': ok({ pullRequests: [], pagination: {} }),
      [`POST ${base}/merge`]: () => {
        merges += 1;
        if (merges === 1) {
          head = NEW_HEAD;
          return fail(409, pullRequestActionMessages.headMoved, 'head_moved');
        }
        return ok({ action: 'merge', pullRequest: shipRow({ merged: true }), sha: null });
      },
    });
    renderRow();
    const menu = await openMenu();
    await userEvent.click(await within(menu).findByRole('menuitem', { name: 'Merge…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge #12?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));

    expect(
      await within(dialog).findByText(pullRequestActionMessages.headMoved),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Merge' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    expect(
      await within(dialog).findByText(/Reloaded: the head is now bbbbbbb/),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Merged acme/web#12')).toBeInTheDocument();
    const sent = requests.filter((request) => request.url === `${base}/merge`);
    expect(
      sent.map((request) => (request.body as { expectedHeadSha: string }).expectedHeadSha),
    ).toEqual([HEAD, NEW_HEAD]);
  });

  it('requires a comment to request changes', async () => {
    const { requests } = mockApi({
      [`GET ${base}/actions`]: ok(actionsAnswer()),
      'GET /api/github/pull-requests': ok({ pullRequests: [], pagination: {} }),
      [`POST ${base}/reviews`]: ok({
        action: 'requestChanges',
        pullRequest: shipRow({ review: 'changes_requested' }),
        sha: null,
      }),
    });
    renderRow();
    const menu = await openMenu();
    await userEvent.click(await within(menu).findByRole('menuitem', { name: 'Request changes…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request changes on #12' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    const field = within(dialog).getByRole('textbox', { name: 'What should change' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/GitHub needs a comment to request changes/);
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await userEvent.type(field, 'Keep the old redirect for signed-out visitors.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    expect(await screen.findByText('Requested changes on acme/web#12')).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
        event: 'REQUEST_CHANGES',
        body: 'Keep the old redirect for signed-out visitors.',
      }),
    );
  });
});
