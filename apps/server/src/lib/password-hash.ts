import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id; these are OWASP's baseline: 19 MiB, 2 passes, 1 lane.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check when the account does not exist, so timing reveals nothing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('shipdeck-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}
