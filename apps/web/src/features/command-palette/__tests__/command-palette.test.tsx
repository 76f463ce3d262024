import type { SearchResult } from '@shipdeck/shared/search';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubIdleCallbacks } from '@/testing/idle-callbacks';
import { fail, mockApi, ok } from '@/testing/mock-api';
import {
  findPalette,
  findSearchButton,
  mockSearch,
  paletteField,
  renderPaletteButton,
  searches,
  shopRepository,
} from './palette-fixture';

// Counts the palette module's evaluation: the moment its code is loaded.
const loaded = vi.hoisted(() => ({ palette: 0 }));
vi.mock('../command-palette', async (importOriginal) => {
  loaded.palette += 1;
  return importOriginal();
});

const { browserIsIdle } = stubIdleCallbacks();

const results: SearchResult[] = [
  shopRepository,
  {
    kind: 'pull-request',
    id: '2',
    title: 'Shop checkout',
    subtitle: 'octo/shop #12 · open',
    href: 'https://github.com/octo/shop/pull/12',
  },
  {
    kind: 'deployment',
    id: 'dpl_1',
    title: 'shop · main',
    subtitle: 'Production · ready · abc1234',
    href: '/deployments/dpl_1',
  },
];

describe('command palette (issue 28)', () => {
  it('loads when the browser is idle after the first interaction, opens on Ctrl+K with the pages and actions, and searches the store as you type', async () => {
    const api = mockSearch(results);
    const { router } = renderPaletteButton();
    await findSearchButton();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(loaded.palette).toBe(0);
    // Prefetched only once the first interaction has been answered and the browser is idle.
    await userEvent.keyboard('{Shift}');
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    act(browserIsIdle);
    await vi.waitFor(() => expect(loaded.palette).toBe(1));

    await userEvent.keyboard('{Control>}k{/Control}');
    const dialog = await findPalette();
    expect(paletteField()).toHaveFocus();
    // The dialog opens at once; the list shows once the prefetched code has settled.
    const listbox = await within(dialog).findByRole('listbox', { name: 'Results' });
    expect(paletteField()).toHaveAttribute('aria-expanded', 'true');
    expect(paletteField()).toHaveAttribute('aria-controls', listbox.id);
    expect(within(listbox).getByRole('group', { name: 'Pages' })).toBeInTheDocument();
    expect(within(listbox).getByRole('option', { name: 'Sign out' })).toBeInTheDocument();

    await userEvent.type(paletteField(), 'shop');
    const repository = await within(dialog).findByRole('option', { name: /^octo\/shop/ });
    expect(searches(api.requests).at(-1)).toEqual({ q: 'shop' });
    expect(within(dialog).getByRole('group', { name: 'Repositories' })).toContainElement(
      repository,
    );
    expect(within(dialog).getByRole('group', { name: 'Pull requests' })).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('3 results');
    expect(repository).toHaveAttribute('aria-selected', 'true');
    expect(paletteField()).toHaveAttribute('aria-activedescendant', repository.id);

    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const deployment = within(dialog).getByRole('option', { name: /^shop · main/ });
    expect(paletteField()).toHaveAttribute('aria-activedescendant', deployment.id);
    await userEvent.keyboard('{ArrowDown}');
    // Past the last option, back to the first.
    expect(paletteField()).toHaveAttribute('aria-activedescendant', repository.id);
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/deployments/dpl_1'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('finds teams and opens the team page (issue 36)', async () => {
    mockSearch([
      {
        kind: 'team',
        id: 'octo-org/platform',
        title: 'octo-org/platform',
        subtitle: 'Platform',
        href: '/teams/octo-org/platform',
      },
    ]);
    const { router } = renderPaletteButton();
    await userEvent.click(await findSearchButton());
    const dialog = await findPalette();
    await userEvent.type(paletteField(), 'platf');
    const team = await within(dialog).findByRole('option', { name: /^octo-org\/platform/ });
    expect(within(dialog).getByRole('group', { name: 'Teams' })).toContainElement(team);
    await userEvent.click(team);
    await waitFor(() => expect(router.state.location.pathname).toBe('/teams/octo-org/platform'));
  });

  it('closes on Escape and gives the focus back to the button that opened it', async () => {
    mockApi({});
    renderPaletteButton();
    const button = await findSearchButton();
    await userEvent.click(button);
    await findPalette();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('answers ⌘K on macOS, where Ctrl+K is left to the text fields', async () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    mockApi({});
    renderPaletteButton();
    const button = await findSearchButton();
    expect(button).toHaveAttribute('aria-keyshortcuts', 'Meta+K');
    expect(button).toHaveTextContent('⌘K');
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.keyboard('{Meta>}k{/Meta}');
    expect(await findPalette()).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('finds pages by name or keyword and opens them', async () => {
    mockSearch([]);
    const { router } = renderPaletteButton();
    await userEvent.click(await findSearchButton());
    await userEvent.type(paletteField(), 'vercel');
    // A word of the action's own label counts more than a page's keyword (Deployments: vercel).
    const connect = await screen.findByRole('option', { name: 'Connect Vercel' });
    expect(paletteField()).toHaveAttribute('aria-activedescendant', connect.id);
    expect(
      screen.getAllByRole('group').map((group) => group.getAttribute('aria-labelledby')),
    ).toHaveLength(2);
    expect(screen.getAllByRole('group')[0]).toHaveAccessibleName('Actions');
    await userEvent.clear(paletteField());
    await userEvent.type(paletteField(), 'dora');
    await userEvent.click(await screen.findByRole('option', { name: 'Insights' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/insights'));
  });

  it('puts a page found only by a keyword after what the server found', async () => {
    mockSearch([
      {
        kind: 'repository',
        id: '9',
        title: 'octo/github',
        subtitle: '',
        href: '/repo/octo/github',
      },
    ]);
    renderPaletteButton();
    await userEvent.click(await findSearchButton());
    await userEvent.type(paletteField(), 'github');
    const repository = await screen.findByRole('option', { name: 'octo/github' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'octo/github',
      'Repositories',
    ]);
    expect(paletteField()).toHaveAttribute('aria-activedescendant', repository.id);
  });

  it('says so when nothing matches, and when the search fails', async () => {
    let answer = ok({ results: [] });
    mockApi({ 'GET /api/search': () => answer });
    renderPaletteButton();
    await userEvent.click(await findSearchButton());
    await userEvent.type(paletteField(), 'zzz');
    expect(await screen.findByText('No results for “zzz”')).toBeInTheDocument();
    expect(paletteField()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    answer = fail(500, 'Internal server error', 'INTERNAL_ERROR');
    await userEvent.type(paletteField(), 'q');
    expect(
      await screen.findByText(
        'Search is unavailable right now. Pages and actions still work; try again in a moment.',
      ),
    ).toBeInTheDocument();
  });

  it('signs out through the user menu’s own sign-out', async () => {
    const api = mockApi({ 'POST /auth/logout': ok({}) });
    const { router } = renderPaletteButton();
    await userEvent.click(await findSearchButton());
    await userEvent.type(paletteField(), 'sign o');
    await screen.findByRole('option', { name: 'Sign out' });
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.requests.some((r) => r.method === 'POST' && r.url === '/auth/logout')).toBe(true);
  });
});
