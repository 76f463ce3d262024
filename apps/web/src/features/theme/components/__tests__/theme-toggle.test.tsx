import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeToggle } from '../theme-toggle';

describe('theme toggle', () => {
  it('switches to dark, writes `theme` and puts the dark class on <html>', async () => {
    render(<ThemeToggle />);

    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));

    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });

  it('switches back to light and remembers it', async () => {
    document.documentElement.classList.add('dark');
    render(<ThemeToggle />);

    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));

    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
