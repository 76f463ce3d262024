import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { githubItem } from '../../__tests__/inbox-test-data';
import { NotificationItem } from '../notification-item';

describe('the bell panel’s item', () => {
  it('says a GitHub thread’s reason and repository, and opens it on GitHub in a new tab', async () => {
    const { requests } = mockApi({
      'POST /api/notifications/github-9/read': ok({ unreadCount: 0 }),
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp(
      <NotificationItem
        notification={githubItem({
          id: 'github-9',
          title: 'Fix the login redirect',
          reason: 'team_mention',
          repository: 'acme/web',
          message: '',
          link: 'https://ghe.example.com/acme/web/pull/9',
        })}
      />,
      { url: '/dashboard', user: buildUser() },
    );
    const item = screen.getByRole('button', { name: /^Fix the login redirect/ });
    expect(item).toHaveTextContent('Team mentioned · acme/web');
    expect(item).toHaveAccessibleName(/GitHub/);
    await userEvent.click(item);
    expect(open).toHaveBeenCalledWith(
      'https://ghe.example.com/acme/web/pull/9',
      '_blank',
      'noopener,noreferrer',
    );
    expect(requests.map((request) => request.url)).toContain('/api/notifications/github-9/read');
  });
});
