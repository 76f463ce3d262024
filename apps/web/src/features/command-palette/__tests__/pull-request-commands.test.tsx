import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  actionsAnswer,
  HEAD,
  shipRow,
} from '@/features/pull-request-actions/__tests__/pull-request-actions-test-data';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { CommandPaletteButton } from '../command-palette-button';
import { matchPullRequestCommands } from '../pull-request-commands';

const base = '/api/github/repos/acme/web/pulls/12';
const mine = [
  shipRow(),
  shipRow({ id: 1013, number: 13, title: 'Add dark mode', checks: 'passing' }),
  shipRow({ id: 1014, number: 14, title: 'Draft: new billing', draft: true, checks: 'none' }),
];
const pullRequests = ok({
  pullRequests: mine,
  pagination: { page: 1, perPage: 50, total: 3, totalPages: 1, hasNext: false, hasPrev: false },
});

describe('pull-request commands in the palette (issue 37)', () => {
  it('matches only a text that starts with the verb, on number, title or repository', () => {
    const labels = (q: string) => matchPullRequestCommands(mine, q).map((c) => c.label);
    expect(labels('dark')).toEqual([]);
    expect(labels('merge')).toEqual([
      'Merge #12 Fix the login redirect',
      'Merge #13 Add dark mode',
    ]);
    expect(labels('merge #13')).toEqual(['Merge #13 Add dark mode']);
    expect(labels('me web lo')).toEqual(['Merge #12 Fix the login redirect']);
    expect(labels('re-run')).toEqual(['Re-run failed checks on #12 Fix the login redirect']);
    expect(labels('rerun 13')).toEqual([]);
  });

  it('merges one of the person’s open pull requests after the merge dialog’s confirmation', async () => {
    const { requests } = mockApi({
      'GET /api/search': ok({ results: [] }),
      'GET /api/github/pull-requests': pullRequests,
      [`GET ${base}/actions`]: ok(actionsAnswer()),
      [`POST ${base}/merge`]: ok({ action: 'merge', pullRequest: shipRow(), sha: null }),
    });
    renderApp(
      <header>
        <CommandPaletteButton />
      </header>,
      { url: '/dashboard', user: buildUser() },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Search' }));
    const palette = await screen.findByRole('dialog', { name: 'Search Shipdeck' });
    await userEvent.type(within(palette).getByRole('combobox'), 'merge 12');
    await userEvent.click(
      await within(palette).findByRole('option', { name: /Merge #12 Fix the login redirect/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Merge #12?' });
    expect(screen.queryByRole('dialog', { name: 'Search Shipdeck' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.url === `${base}/merge`)).toBe(false);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Merged acme/web#12')).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.find((request) => request.url === `${base}/merge`)?.body).toEqual({
        method: 'merge',
        expectedHeadSha: HEAD,
      }),
    );
    const asked = requests.find((request) => request.url === '/api/github/pull-requests');
    expect(asked?.params).toMatchObject({ filter: 'open', ship: 'mine' });
  });
});
