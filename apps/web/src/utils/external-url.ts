/**
 * `value` when it is an http(s) address, else undefined: links built from provider data must
 * never become `javascript:` or `data:` URLs.
 */
export function externalUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
