import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '@/features/auth/api/session-user';
import { queryClient } from '@/lib/query-client';
import { setToken } from '@/lib/token-storage';
import { mockApi } from '@/testing/mock-api';
import { buildUser } from '@/testing/test-data';
import { CommandPaletteButton } from '../command-palette-button';
import {
  findSearchButton,
  mockSearch,
  palette,
  paletteField,
  renderPaletteButton,
  searches,
  shopRepository,
} from './palette-fixture';

// The results' code arrives only when a test lets it: until then it is on its way, as on a slow
// network.
const code = vi.hoisted(() => {
  let release = () => undefined as void;
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release: () => release() };
});
vi.mock('../command-palette', async (importOriginal) => {
  await code.arrived;
  return importOriginal();
});

describe('the command palette’s dialog (issue 34)', () => {
  let root: Root | undefined;
  const container = document.createElement('div');
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container.remove();
  });

  it('opens at the press, the field focused, before its results’ code has arrived, and searches what was typed meanwhile once it has', async () => {
    const { requests } = mockSearch([shopRepository]);
    renderPaletteButton();
    const button = await findSearchButton();
    // Closed, its field is there but unnamed: found by no label beside the page's own fields.
    expect(screen.queryByLabelText(/Search repositories/)).not.toBeInTheDocument();
    expect(screen.queryByPlaceholderText(/Search repositories/)).not.toBeInTheDocument();
    await userEvent.click(button);

    expect(palette()).toBeVisible();
    expect(paletteField()).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(palette()).getByRole('status')).toHaveTextContent('Loading…');
    await userEvent.type(paletteField(), 'shop');
    expect(paletteField()).toHaveValue('shop');
    expect(searches(requests)).toEqual([]);

    code.release();
    const option = await within(palette()).findByRole('option', { name: /^octo\/shop/ });
    expect(searches(requests)).toEqual([{ q: 'shop' }]);
    expect(paletteField()).toHaveAttribute('aria-activedescendant', option.id);
    expect(within(palette()).queryByText('Loading…')).not.toBeInTheDocument();

    // Escape closes it (the browser's cancel), and the focus goes back to the button.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps a text typed in the server-drawn dialog before hydration, and searches it once hydrated', async () => {
    const { requests } = mockSearch([shopRepository]);
    queryClient.setQueryData(meQueryKey, buildUser());
    setToken('test-token');
    const page = (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <header>
            <CommandPaletteButton />
          </header>
        </MemoryRouter>
      </QueryClientProvider>
    );
    container.innerHTML = renderToString(page);
    document.body.append(container);
    // Drawn closed, with the attributes the browser and public/early-press.js open it by.
    const button = screen.getByRole('button', { name: 'Search' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const dialog = container.querySelector('dialog[data-command-palette]');
    expect(dialog).toBeInstanceOf(HTMLDialogElement);
    expect(button).toHaveAttribute('commandfor', dialog?.id);
    expect(button).toHaveAttribute('command', 'show-modal');

    // Opened and typed in before the app ran: no script of the page's answered either.
    await userEvent.click(button);
    expect(paletteField()).toHaveFocus();
    await userEvent.type(paletteField(), 'shop');
    await act(async () => {
      root = hydrateRoot(container, page);
    });

    expect(palette()).toBeVisible();
    expect(paletteField()).toHaveValue('shop');
    const option = await within(palette()).findByRole('option', { name: /^octo\/shop/ });
    expect(searches(requests)).toEqual([{ q: 'shop' }]);
    expect(paletteField()).toHaveAttribute('aria-activedescendant', option.id);
  });

  it('opens from its own click where the browser has no invoker commands', async () => {
    mockApi({});
    const invokers = Object.getOwnPropertyDescriptor(HTMLButtonElement.prototype, 'command');
    Reflect.deleteProperty(HTMLButtonElement.prototype, 'command');
    try {
      renderPaletteButton();
      await userEvent.click(await findSearchButton());
      expect(palette()).toBeVisible();
      expect(paletteField()).toHaveFocus();
    } finally {
      if (invokers) Object.defineProperty(HTMLButtonElement.prototype, 'command', invokers);
    }
  });

  it('closes on a press on the backdrop, not on one inside, and Ctrl+K toggles it', async () => {
    mockApi({});
    renderPaletteButton();
    const button = await findSearchButton();
    await userEvent.click(button);
    await userEvent.click(paletteField());
    expect(palette()).toBeVisible();
    // The dialog's own box is its backdrop: its content fills the rest.
    await userEvent.click(palette());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await userEvent.keyboard('{Control>}k{/Control}');
    expect(palette()).toBeVisible();
    expect(paletteField()).toHaveFocus();
    await userEvent.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
