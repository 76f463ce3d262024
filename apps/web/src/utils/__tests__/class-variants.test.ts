import { describe, expect, it } from 'vitest';
import { classVariants } from '../class-variants';

const classes = classVariants('base', {
  variants: {
    tone: { plain: 'text-zinc', loud: 'text-red' },
    size: { sm: 'h-8', md: 'h-9' },
  },
  defaultVariants: { tone: 'plain', size: 'md' },
});

describe('classVariants', () => {
  it('joins the base with the chosen class list of every variant', () => {
    expect(classes({ tone: 'loud', size: 'sm' })).toBe('base text-red h-8');
  });

  it('takes the default of a variant left out or null', () => {
    expect(classes({})).toBe('base text-zinc h-9');
    expect(classes({ tone: null, size: 'sm' })).toBe('base text-zinc h-8');
  });
});
