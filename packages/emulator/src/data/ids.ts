import { createHash, randomBytes } from 'node:crypto';

/** A git-like 40-hex SHA, stable for the same inputs. */
export function fakeSha(...parts: readonly (string | number)[]): string {
  return createHash('sha1').update(parts.join(':')).digest('hex');
}

/** GitHub's legacy global node id: base64 of "<len>:<Type><id>". */
export function nodeId(type: string, id: number | string): string {
  const raw = `${type}${id}`;
  return Buffer.from(`0${raw.length - String(id).length}:${raw}`).toString('base64');
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Base62 text derived from a hash, for ids that look like Vercel's (`dpl_…`, `prj_…`). */
export function stableToken(length: number, ...parts: readonly (string | number)[]): string {
  let out = '';
  let counter = 0;
  while (out.length < length) {
    const digest = createHash('sha256')
      .update(`${parts.join(':')}#${counter++}`)
      .digest();
    for (const byte of digest) {
      if (out.length >= length) break;
      out += BASE62[byte % 62] ?? 'A';
    }
  }
  return out;
}

/** Unpredictable base62 text for secrets handed out at run time (OAuth tokens and codes). */
export function randomToken(length: number): string {
  let out = '';
  for (const byte of randomBytes(length)) out += BASE62[byte % 62] ?? 'A';
  return out;
}

/** A lower-case 9-character hash like the one in `project-abc123xyz-team.vercel.app`. */
export function deploymentHash(...parts: readonly (string | number)[]): string {
  return stableToken(9, 'url', ...parts).toLowerCase();
}
