import { errorMessages } from '@shipdeck/shared/messages';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, mockApi } from '@/testing/mock-api';
import { LoginForm } from '../login-form';

// The build prerenders /login (src/prerender/render-page.tsx) and main.tsx hydrates it.
describe('the prerendered sign-in form', () => {
  let root: Root | undefined;
  const container = document.createElement('div');
  afterEach(() => {
    act(() => root?.unmount());
    container.remove();
  });

  it('cannot be submitted by the browser before hydration, and keeps what was typed then', async () => {
    const { requests } = mockApi({
      'POST /auth/login': fail(401, errorMessages.invalidCredentials, 'INVALID_CREDENTIALS'),
    });
    container.innerHTML = renderToString(<LoginForm onSuccess={() => undefined} />);
    document.body.append(container);
    const submit = screen.getByRole('button', { name: 'Sign in' });
    expect(submit).toBeDisabled();

    // Typed (or autofilled) while the page's code was still loading.
    screen.getByLabelText<HTMLInputElement>('Email').value = 'mona@example.com';
    screen.getByLabelText<HTMLInputElement>('Password').value = 'secret1';
    await act(async () => {
      root = hydrateRoot(container, <LoginForm onSuccess={() => undefined} />);
    });

    expect(submit).toBeEnabled();
    expect(screen.getByLabelText('Email')).toHaveValue('mona@example.com');
    await userEvent.click(submit);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({ email: 'mona@example.com', password: 'secret1' });
  });
});
