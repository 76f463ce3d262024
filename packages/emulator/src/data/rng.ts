import { createHash } from 'node:crypto';

/** A small seeded PRNG (sfc32): fast, and good enough to make fake data look varied. */
export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks `count` distinct items (fewer if the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[];
  /** Alphanumeric string of the given length, from `alphabet`. */
  chars(length: number, alphabet?: string): string;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Derives a 128-bit seed from any parts, so each repository gets its own independent stream. */
export function seedFrom(...parts: readonly (string | number)[]): Uint32Array {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest();
  return new Uint32Array(digest.buffer, digest.byteOffset, 4).slice();
}

export function createRng(...parts: readonly (string | number)[]): Rng {
  const state = seedFrom(...parts);
  let a = state[0] ?? 1;
  let b = state[1] ?? 2;
  let c = state[2] ?? 3;
  let d = state[3] ?? 4;
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();

  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick() from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    sample: <T>(items: readonly T[], count: number): T[] => {
      const pool = [...items];
      const out: T[] = [];
      while (out.length < count && pool.length > 0) {
        const index = Math.floor(next() * pool.length);
        out.push(pool.splice(index, 1)[0] as T);
      }
      return out;
    },
    chars: (length, alphabet = ALNUM) => {
      let out = '';
      for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)] ?? 'x';
      return out;
    },
  };
}
