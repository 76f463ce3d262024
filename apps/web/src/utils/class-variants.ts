import { cx } from './cx';

type VariantMap = Record<string, Record<string, string>>;

/** The props that pick a variant: each optional, the default applying when left out. */
export type VariantProps<Classes extends (choice: never) => string> = Parameters<Classes>[0];

/**
 * A component's classes from its base and one class list per variant prop, called as
 * class-variance-authority's `cva(base, { variants, defaultVariants })` (the part of it this app
 * used), without a library on every page.
 */
export function classVariants<V extends VariantMap>(
  base: string,
  { variants, defaultVariants }: { variants: V; defaultVariants: { [K in keyof V]: keyof V[K] } },
): (choice: { [K in keyof V]?: keyof V[K] | null }) => string {
  const keys = Object.keys(variants) as (keyof V)[];
  return (choice) =>
    cx(
      base,
      keys.map((key) => variants[key]?.[(choice[key] ?? defaultVariants[key]) as string]),
    );
}
