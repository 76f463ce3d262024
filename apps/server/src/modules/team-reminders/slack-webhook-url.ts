/**
 * Whether a Slack webhook URL may be called: https (or the allowed origin's own scheme), its
 * origin exactly one the operator allows, and no credentials. So a reminder cannot point the
 * server at an internal address.
 */
export function isAllowedSlackWebhookUrl(url: string, allowedOrigins: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username !== '' || parsed.password !== '') return false;
  if (!/^\/\S+/.test(parsed.pathname)) return false;
  return allowedOrigins.some((origin) => origin.toLowerCase() === parsed.origin.toLowerCase());
}

/** The part of a webhook URL a person may see again: its last four characters. */
export function lastFour(url: string): string {
  return url.slice(-4);
}
