import { createHash } from 'node:crypto';

/** A small deterministic identicon, so avatar URLs work without reaching GitHub. */
export function identiconSvg(seed: string): string {
  const hash = createHash('sha1').update(seed).digest();
  const hue = ((hash[0] ?? 0) * 360) / 256;
  const cells: string[] = [];
  for (let y = 0; y < 5; y++) {
    for (let x = 0; x < 3; x++) {
      if (((hash[1 + y * 3 + x] ?? 0) & 1) === 0) continue;
      cells.push(`<rect x="${x}" y="${y}" width="1" height="1"/>`);
      if (x < 2) cells.push(`<rect x="${4 - x}" y="${y}" width="1" height="1"/>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-0.5 -0.5 6 6" width="120" height="120"><rect x="-0.5" y="-0.5" width="6" height="6" fill="#f0f0f0"/><g fill="hsl(${hue.toFixed(0)} 55% 50%)">${cells.join('')}</g></svg>`;
}
