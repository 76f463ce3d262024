import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TeamPullRequestRow } from '@/features/teams/components/team-pull-request-row';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { actionsAnswer, shipRow } from './pull-request-actions-test-data';

const base = '/api/github/repos/acme/web/pulls/12';

describe('request reviewers (issue 37)', () => {
  it('searches as you type, lists Shipdeck users first and teams too, and requests them all at once', async () => {
    const { requests } = mockApi({
      [`GET ${base}/actions`]: ok(actionsAnswer({ checks: 'passing' })),
      [`GET ${base}/reviewer-candidates`]: (request) => {
        const q = typeof request.params.q === 'string' ? request.params.q : '';
        const users = [
          { login: 'hubot', avatarUrl: '', onShipdeck: false },
          { login: 'monalisa', avatarUrl: '', onShipdeck: true },
        ].filter((user) => user.login.includes(q));
        const teams = [{ slug: 'platform', name: 'Platform', org: 'acme' }].filter((team) =>
          team.slug.includes(q),
        );
        return ok({ users, teams });
      },
      [`POST ${base}/requested-reviewers`]: ok({
        action: 'requestReviewers',
        pullRequest: shipRow(),
        sha: null,
      }),
    });
    renderApp(
      <ul>
        <TeamPullRequestRow
          pullRequest={{
            ...shipRow({ checks: 'passing' }),
            waitingOn: { kind: 'reviewers', logins: [], teams: [], reason: 'no reviewer yet' },
            requestedReviewers: [],
            requestedTeams: [],
            lastActivityAt: '2026-11-23T09:00:00.000Z',
          }}
          avatars={new Map()}
        />
      </ul>,
      { url: '/teams/acme/platform', user: buildUser() },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for #12' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Request reviewers…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request reviewers on #12' });
    const listbox = within(dialog).getByRole('listbox');
    const people = await within(listbox).findByRole('group', { name: 'People' });
    await waitFor(() => expect(within(people).getAllByRole('option')).toHaveLength(2));
    const [first, second] = within(people).getAllByRole('option');
    expect(first).toHaveAccessibleName(/^monalisa On Shipdeck$/);
    expect(second).toHaveAccessibleName(/^hubot$/);

    // Nobody chosen: nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request review' }));
    expect(within(dialog).getByText('Choose at least one person or team.')).toBeInTheDocument();

    const field = within(dialog).getByRole('combobox', { name: 'Find people or teams' });
    await userEvent.click(within(people).getByRole('option', { name: /monalisa/ }));
    await userEvent.type(field, 'plat');
    const teams = await within(listbox).findByRole('group', { name: 'Teams' });
    await waitFor(() =>
      expect(within(listbox).queryByRole('group', { name: 'People' })).not.toBeInTheDocument(),
    );
    // The keyboard chooses too: the first option is active, Enter takes it.
    expect(field).toHaveAttribute('aria-activedescendant', within(teams).getByRole('option').id);
    await userEvent.keyboard('{Enter}');
    expect(within(teams).getByRole('option')).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('button', { name: 'Remove monalisa' })).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Remove acme/platform' }),
    ).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Request review' }));
    expect(
      await screen.findByText('Review of acme/web#12 requested from monalisa, acme/platform'),
    ).toBeInTheDocument();
    expect(requests.find((request) => request.url === `${base}/requested-reviewers`)?.body).toEqual(
      { reviewers: ['monalisa'], teamReviewers: ['platform'] },
    );
  });
});
