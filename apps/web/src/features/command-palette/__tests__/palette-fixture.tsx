import type { SearchResult } from '@shipdeck/shared/search';
import { screen } from '@testing-library/react';
import { mockApi, ok, type RecordedRequest } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { CommandPaletteButton } from '../command-palette-button';

/** A repository the store finds for "shop". */
export const shopRepository: SearchResult = {
  kind: 'repository',
  id: '1',
  title: 'octo/shop',
  subtitle: 'TypeScript',
  href: '/repo/octo/shop',
};

/** The palette's button in a signed-in page's header, inside the app's real providers. */
export function renderPaletteButton() {
  return renderApp(
    <header>
      <CommandPaletteButton />
    </header>,
    { url: '/dashboard', user: buildUser() },
  );
}

/** The server answers every search with `results`; the requests are recorded. */
export function mockSearch(results: SearchResult[]) {
  return mockApi({ 'GET /api/search': ok({ results }) });
}

/** What the app asked `/api/search`, in order: each request's query parameters. */
export const searches = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url === '/api/search').map((request) => request.params);

export const findSearchButton = () => screen.findByRole('button', { name: 'Search' });
export const palette = () => screen.getByRole('dialog', { name: 'Search Shipdeck' });
export const findPalette = () => screen.findByRole('dialog', { name: 'Search Shipdeck' });
export const paletteField = () =>
  screen.getByRole('combobox', {
    name: 'Search repositories, pull requests, deployments and pages',
  });
