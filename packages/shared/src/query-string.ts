export type QueryValue = string | number | boolean | null | undefined;

/** `?a=1&b=two` from a request's query values, `undefined` and `null` left out; '' when none remain. */
export function toQueryString(params: Readonly<Record<string, QueryValue>>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const search = query.toString();
  return search ? `?${search}` : '';
}
