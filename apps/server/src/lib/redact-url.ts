const SECRET_PARAMS = ['token', 'code', 'state', 'access_token', 'invitation'];

/** Strips secrets that arrive in query strings (the SPA's ?token=, OAuth's ?code=) before logging. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of SECRET_PARAMS) {
    if (params.has(name)) params.set(name, '[redacted]');
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}
