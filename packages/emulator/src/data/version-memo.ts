import type { World } from './world.js';

interface Entry {
  version: number;
  value: unknown;
}

const caches = new WeakMap<World, Map<string, Entry>>();
const LIMIT = 200;

/**
 * Memoises an expensive derived list (filtered and sorted repositories, search hits) until
 * the world changes: paging through 5,000 repositories then costs one sort, not one per page.
 */
export function memoByVersion<T>(world: World, key: string, compute: () => T): T {
  let cache = caches.get(world);
  if (!cache) {
    cache = new Map();
    caches.set(world, cache);
  }
  const hit = cache.get(key);
  if (hit && hit.version === world.version) return hit.value as T;
  const value = compute();
  cache.delete(key);
  cache.set(key, { version: world.version, value });
  if (cache.size > LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return value;
}
