// Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the web build, so the
// server sends compressed bytes without compressing on each request (@fastify/static's
// `preCompressed`). Run by `npm run build` after the prerender, which writes HTML of its own.
// Usage: node scripts/precompress.mjs
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
// Below this a compressed copy saves less than the response headers weigh.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let raw = 0;
let brotli = 0;
let count = 0;
for (const path of files(distDir)) {
  if (!COMPRESSIBLE.test(path)) continue;
  const body = readFileSync(path);
  if (body.length < MIN_BYTES) continue;
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  raw += body.length;
  brotli += br.length;
  count += 1;
}
console.log(
  `precompressed ${count} files: ${(raw / 1024).toFixed(0)} kB → ${(brotli / 1024).toFixed(0)} kB brotli`,
);
