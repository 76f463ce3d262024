import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../button';
import { Slot } from '../slot';

describe('Slot', () => {
  it('renders the child with the classes joined, the handlers both called and the refs both set', () => {
    const slotClick = vi.fn();
    const childClick = vi.fn();
    const slotRef = createRef<HTMLElement>();
    const childRef = createRef<HTMLAnchorElement>();
    render(
      <Slot
        ref={slotRef}
        className="from-slot"
        onClick={slotClick}
        style={{ color: 'red', margin: 1 }}
        aria-label="Docs"
      >
        <a
          href="/docs"
          ref={childRef}
          className="from-child"
          onClick={childClick}
          style={{ margin: 2 }}
        >
          Read
        </a>
      </Slot>,
    );
    const link = screen.getByRole('link', { name: 'Docs' });
    expect(link).toHaveClass('from-slot', 'from-child');
    expect(link).toHaveStyle({ color: 'rgb(255, 0, 0)', margin: '2px' });
    fireEvent.click(link);
    expect(childClick).toHaveBeenCalledOnce();
    expect(slotClick).toHaveBeenCalledOnce();
    expect(slotRef.current).toBe(link);
    expect(childRef.current).toBe(link);
  });

  it('lends a button its look through asChild, the element staying a link', () => {
    render(
      <Button asChild variant="outline" className="w-full">
        <a href="/login">Sign in</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(link).toHaveAttribute('href', '/login');
    expect(link).toHaveClass('border', 'w-full');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('refuses anything but one element', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Slot>text</Slot>)).toThrow('Slot expects a single React element child');
  });
});
