/** Cuts a JSON body short so it no longer parses, the way a broken proxy or crash would. */
export function malformBody(body: string | Buffer): Buffer {
  const raw = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const cut = Math.max(1, Math.floor(raw.length / 2));
  return Buffer.concat([raw.subarray(0, cut), Buffer.from('\u0000{"truncated')]);
}
