/** A tiny method + path router: `:name` matches one (decoded) path segment. */
export interface RouteMatch<H> {
  handler: H;
  params: Record<string, string>;
  pattern: string;
}

interface Route<H> {
  method: string;
  pattern: string;
  segments: readonly string[];
  handler: H;
}

export function splitPath(path: string): string[] | null {
  const parts = path.split('/').filter((part, index) => index > 0 || part !== '');
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  try {
    return parts.map((part) => decodeURIComponent(part));
  } catch {
    return null;
  }
}

export class Router<H> {
  private readonly routes: Route<H>[] = [];

  add(method: string, pattern: string, handler: H): this {
    this.routes.push({ method, pattern, segments: pattern.split('/').filter(Boolean), handler });
    return this;
  }

  /** `undefined` when nothing matches the path; `null` handler when only the method is wrong. */
  match(method: string, path: string): RouteMatch<H> | { methodNotAllowed: true } | undefined {
    const segments = splitPath(path);
    if (!segments) return undefined;
    let pathMatched = false;
    for (const route of this.routes) {
      const params = matchSegments(route.segments, segments);
      if (!params) continue;
      pathMatched = true;
      if (route.method === method || (method === 'HEAD' && route.method === 'GET')) {
        return { handler: route.handler, params, pattern: route.pattern };
      }
    }
    return pathMatched ? { methodNotAllowed: true } : undefined;
  }
}

function matchSegments(
  pattern: readonly string[],
  actual: readonly string[],
): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] ?? '';
    const value = actual[i] ?? '';
    if (expected.startsWith(':')) {
      if (value === '') return null;
      params[expected.slice(1)] = value;
    } else if (expected !== value) {
      return null;
    }
  }
  return params;
}
