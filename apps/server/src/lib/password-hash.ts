import { hash, verify } from '@node-rs/argon2';

/** Argon2id cost of a new hash; a stored hash carries its own, which `verify` reads back. */
export interface PasswordHashCost {
  /** KiB of memory. */
  memoryCost: number;
  /** Passes over that memory. */
  timeCost: number;
}

/** OWASP's baseline for argon2id: 19 MiB, 2 passes (1 lane). What every real server uses. */
export const OWASP_PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 19_456, timeCost: 2 };

// @node-rs/argon2 defaults to argon2id.
export function hashPassword(password: string, cost: PasswordHashCost): Promise<string> {
  return hash(password, { ...cost, parallelism: 1 });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const dummyHashes = new Map<PasswordHashCost, Promise<string>>();

/** Spends the same time as a real check when the account does not exist, so timing reveals nothing. */
export async function verifyAgainstDummy(password: string, cost: PasswordHashCost): Promise<false> {
  let dummyHash = dummyHashes.get(cost);
  if (!dummyHash) {
    dummyHash = hashPassword('shipdeck-timing-equaliser', cost);
    dummyHashes.set(cost, dummyHash);
  }
  await verifyPassword(await dummyHash, password);
  return false;
}
