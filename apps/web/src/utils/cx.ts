import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names without resolving Tailwind conflicts (no tailwind-merge, 8 KB gzipped on
 * every page): a component's colours, sizes and padding are its variants or props, and callers
 * only add classes the component does not set.
 */
export function cx(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
