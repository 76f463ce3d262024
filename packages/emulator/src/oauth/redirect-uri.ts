const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * GitHub's rule: the redirect_uri must have the callback URL's scheme, host and port, and a
 * path at or below the callback's; for loopback callbacks any port is allowed.
 */
export function redirectUriAllowed(callbackUrl: string | null, redirectUri: string): boolean {
  let redirect: URL;
  try {
    redirect = new URL(redirectUri);
  } catch {
    return false;
  }
  if (redirect.protocol !== 'http:' && redirect.protocol !== 'https:') return false;
  if (callbackUrl === null) return true;
  const callback = new URL(callbackUrl);
  if (redirect.protocol !== callback.protocol || redirect.hostname !== callback.hostname)
    return false;
  if (redirect.port !== callback.port && !LOOPBACK.has(callback.hostname)) return false;
  const base = callback.pathname.endsWith('/') ? callback.pathname : `${callback.pathname}/`;
  return redirect.pathname === callback.pathname || redirect.pathname.startsWith(base);
}

/** Appends query parameters to a callback URL, keeping any it already has. */
export function withParams(url: string, params: Record<string, string | null | undefined>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params))
    if (value !== null && value !== undefined) target.searchParams.set(key, value);
  return target.toString();
}
