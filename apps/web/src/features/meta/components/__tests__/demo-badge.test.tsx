import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { DemoBadge } from '../demo-badge';

afterEach(() => queryClient.clear());

describe('DemoBadge', () => {
  it('marks demo data when the server runs on the emulator', async () => {
    mockApi({ 'GET /api/meta': ok({ demoMode: true, githubSignIn: true, version: '0.1.0' }) });
    renderApp(<DemoBadge />, { url: '/dashboard' });
    expect(await screen.findByText('Demo data')).toBeInTheDocument();
  });

  it('stays away with real providers', async () => {
    const { requests } = mockApi({
      'GET /api/meta': ok({ demoMode: false, githubSignIn: true, version: '0.1.0' }),
    });
    renderApp(<DemoBadge />, { url: '/dashboard' });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.queryByText('Demo data')).not.toBeInTheDocument();
  });
});
