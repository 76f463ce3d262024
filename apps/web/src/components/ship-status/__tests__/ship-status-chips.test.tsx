import type { ShipStatus } from '@shipdeck/shared/insights';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShipStatusChips } from '../ship-status-chips';

function renderStatus(status: ShipStatus) {
  render(<ShipStatusChips status={status} />);
  return screen.getByRole('list', { name: 'Ship status' });
}

describe('ShipStatusChips', () => {
  it('says "Re-running" while failed checks run again, and "Merge when ready" while it is on (issue 37)', () => {
    const status: ShipStatus = {
      review: 'approved',
      checks: 'failing',
      preview: { state: 'none' },
      stage: 'checks',
      eta: null,
    };
    const action = <button type="button">Re-run failed checks</button>;
    const { rerender } = render(<ShipStatusChips status={status} checksAction={action} />);
    const list = screen.getByRole('list', { name: 'Ship status' });
    expect(within(list).getByText('Checks failing')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Re-run failed checks' })).toBeInTheDocument();
    expect(within(list).queryByText('Merge when ready')).not.toBeInTheDocument();

    rerender(
      <ShipStatusChips
        status={{
          ...status,
          checksRerunning: true,
          autoMerge: { method: 'squash', enabledBy: 'octocat', enabledAt: null },
        }}
        checksAction={action}
      />,
    );
    expect(within(list).getByText('Re-running')).toBeInTheDocument();
    expect(within(list).queryByText('Checks failing')).not.toBeInTheDocument();
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    expect(within(list).getByText('Merge when ready')).toBeInTheDocument();
  });

  it('says each state in words, not colour alone', () => {
    const list = renderStatus({
      review: 'changes_requested',
      checks: 'failing',
      preview: { state: 'failed' },
      stage: 'review',
      eta: null,
    });
    expect(within(list).getByText('Changes requested')).toBeInTheDocument();
    expect(within(list).getByText('Checks failing')).toBeInTheDocument();
    expect(within(list).getByText('Preview failed')).toBeInTheDocument();
    expect(list).toHaveTextContent('Stage: In review');
  });

  it('links a ready preview and shows the ETA of a building production deployment', () => {
    const list = renderStatus({
      review: 'approved',
      checks: 'passing',
      preview: { state: 'ready', url: 'https://shipdeck-git-feature.vercel.app' },
      stage: 'production_building',
      eta: {
        expectedReadyAt: new Date(Date.now() + 2 * 60_000 + 5_000).toISOString(),
        medianBuildSeconds: 120,
        sampleSize: 20,
      },
    });
    expect(within(list).getByRole('link', { name: /Preview ready/ })).toHaveAttribute(
      'href',
      'https://shipdeck-git-feature.vercel.app/',
    );
    expect(list).toHaveTextContent('Stage: Production building');
    expect(within(list).getByText(/ready in about 2 min/)).toBeInTheDocument();
  });

  it('never turns a hostile preview URL into a link target', () => {
    const list = renderStatus({
      review: 'review_required',
      checks: 'none',
      preview: { state: 'ready', url: 'javascript:alert(1)' },
      stage: 'preview',
      eta: null,
    });
    expect(within(list).getByText('Preview ready').closest('a')).not.toHaveAttribute('href');
  });

  it('puts the ETA of a building preview beside the preview, not beside "In review"', () => {
    const list = renderStatus({
      review: 'review_required',
      checks: 'pending',
      preview: { state: 'building' },
      stage: 'review',
      eta: {
        expectedReadyAt: new Date(Date.now() + 3 * 60_000 + 5_000).toISOString(),
        medianBuildSeconds: 180,
        sampleSize: 20,
      },
    });
    const [stage, , , preview] = within(list).getAllByRole('listitem');
    expect(stage).toHaveTextContent(/^Stage: In review$/);
    expect(preview).toHaveTextContent(/^Preview building · ready in about 3 min$/);
  });
});
