import fc from 'fast-check';
import type { z } from 'zod';
import { fieldNames, validValues } from './schema-arbitrary.js';

/** One registered route and the zod schemas it validates with. */
export interface RouteUnderTest {
  method: string;
  url: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
}

export type AuthKind =
  'none' | 'github-user' | 'password-user' | 'forged' | 'expired' | 'malformed' | 'oversized';

export interface HostileRequest {
  /** `METHOD /url/:pattern` of the route the request was derived from; none for stray paths. */
  route?: string;
  method: string;
  url: string;
  auth: AuthKind;
  headers: Record<string, string>;
  payload?: string;
}

export const POLLUTION_MARKER = 'polluted-by-fuzz';

const pollutionKeys = ['__proto__', 'constructor', 'prototype', '__defineGetter__', 'toString'];

const nastyStrings = [
  '',
  ' ',
  '.',
  '..',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....//....//etc/passwd',
  '/etc/passwd%00.png',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  "admin'--",
  '%',
  '_',
  '\\',
  '\u0000',
  '\u202e\u0644\u0627',
  '\ufeff\u200b\u200d',
  'zoë 🚀 𝕏 ﷺ 家',
  '<script>alert(1)</script>',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e308',
  '0x1F',
  '9'.repeat(400),
  'true',
  'null',
  'undefined',
  ...pollutionKeys,
];

/** Strings meant to break parsers, queries, paths and renderers; short enough for a URL. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.constantFrom('a', '%', 'é').map((unit) => unit.repeat(2_000)) },
);

/** Strings far past any field's limit, for bodies (a URL that long is refused by Node itself). */
const hugeString = fc
  .constantFrom(70_000, 400_000)
  .chain((size) => fc.constantFrom('a', 'é', '🚀').map((unit) => unit.repeat(size)));

/** Any JSON value a client could send in place of the expected one. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, fc.jsonValue({ maxDepth: 1 })) },
);

function pollutingJson(inner: string): string {
  const pollution = `{"polluted":"${POLLUTION_MARKER}"}`;
  const extra = `"__proto__":${pollution},"constructor":{"prototype":${pollution}}`;
  return inner === '{}' || !inner.startsWith('{') ? `{${extra}}` : `{${extra},${inner.slice(1)}`;
}

function deeplyNested(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/octet-stream',
  'application/json, text/html',
  'application/vnd.api+json',
  '*/*',
  ';;;',
];

function withField(base: unknown, field: string, value: unknown): Record<string, unknown> {
  const object: Record<string, unknown> =
    typeof base === 'object' && base !== null && !Array.isArray(base) ? { ...base } : {};
  object[field] = value;
  return object;
}

/** A body that is valid, valid but for one field, or hostile in form, encoding or size. */
function bodyFor(route: RouteUnderTest): fc.Arbitrary<{ payload: string; contentType?: string }> {
  const valid = route.body ? validValues(route.body) : fc.constant({});
  const fields = route.body ? fieldNames(route.body) : [];
  const field = fields.length
    ? fc.oneof(fc.constantFrom(...fields), fc.constantFrom(...pollutionKeys))
    : fc.constantFrom(...pollutionKeys);
  const json = (value: fc.Arbitrary<unknown>) =>
    value.map((body) => ({ payload: JSON.stringify(body) ?? 'null' }));
  return fc.oneof(
    { weight: 4, arbitrary: json(valid) },
    {
      weight: 4,
      arbitrary: json(
        fc
          .tuple(valid, field, hostileValue)
          .map(([base, key, value]) => withField(base, key, value)),
      ),
    },
    { weight: 1, arbitrary: json(hostileValue) },
    {
      weight: 2,
      arbitrary: valid.map((body) => ({ payload: pollutingJson(JSON.stringify(body) ?? '{}') })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(64, 1_000, 10_000, 100_000), fc.constantFrom('array', 'object'))
        .map(([depth, kind]) => ({ payload: deeplyNested(depth, kind) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '{"a":',
          '{',
          'nul',
          '{"email": "a@b.co",}',
          '\ufeff{}',
          '{"a":1}{"b":2}',
          '[]',
          '"string"',
          '1e99999',
        )
        .map((payload) => ({ payload })),
    },
    { weight: 1, arbitrary: fc.constant({ payload: `"${'x'.repeat(1_100_000)}"` }) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(json(valid), fc.constantFrom(...contentTypes))
        .map(([body, contentType]) => ({ ...body, contentType })),
    },
  );
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value || 'x';
  return JSON.stringify(value) ?? 'x';
}

/** A path parameter: a value the schema allows (often a real one), or hostile, URL-encoded. */
function paramValue(
  name: string,
  schema: z.ZodType | undefined,
  known: Record<string, string[]>,
): fc.Arbitrary<string> {
  const real = known[name];
  const fromSchema =
    schema && fieldNames(schema).includes(name)
      ? validValues(schema).map((value) =>
          asText((value as Record<string, unknown> | null)?.[name]),
        )
      : fc.string({ minLength: 1, maxLength: 20 });
  return fc.oneof(
    { weight: real ? 4 : 0, arbitrary: fc.constantFrom(...(real ?? ['x'])) },
    { weight: 3, arbitrary: fromSchema.map(encodeURIComponent) },
    { weight: 3, arbitrary: hostileString.map(encodeURIComponent) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('..', '.', '../..', '..%2f..', '%2e%2e', '%00', '%ff', '%'),
    },
  );
}

const urlValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(-1, 0, 1.5, 1e308, true, null) },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }) },
);

function queryFor(route: RouteUnderTest): fc.Arbitrary<string> {
  const valid = route.querystring ? validValues(route.querystring) : fc.constant({});
  const fields = route.querystring ? fieldNames(route.querystring) : [];
  const key = fc.oneof(
    fc.constantFrom(...(fields.length ? fields : ['q']), ...pollutionKeys),
    fc.constantFrom('__proto__[polluted]', 'constructor[prototype][polluted]', 'a[b][c]'),
    hostileString.filter((value) => value.length < 100),
  );
  const encode = (entries: [string, unknown][]) =>
    entries
      .map(
        ([name, value]) =>
          `${encodeURIComponent(name)}=${encodeURIComponent(
            typeof value === 'string' ? value : (JSON.stringify(value) ?? ''),
          )}`,
      )
      .join('&');
  const validEntries = valid.map((value) =>
    Object.entries((value ?? {}) as Record<string, unknown>),
  );
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    { weight: 3, arbitrary: validEntries.map(encode) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(validEntries, fc.array(fc.tuple(key, urlValue), { minLength: 1, maxLength: 3 }))
        .map(([entries, extra]) => encode([...entries, ...extra])),
    },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '&&&', '=', 'a=%E0%A4%A', '?a=1?b=2') },
  );
}

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

const authKinds: AuthKind[] = [
  'none',
  'github-user',
  'password-user',
  'forged',
  'expired',
  'malformed',
  'oversized',
];

/** Requests aimed at one route: its method (mostly) with params, query and body varied. */
export function requestsFor(
  route: RouteUnderTest,
  known: Record<string, string[]>,
): fc.Arbitrary<HostileRequest> {
  const names = [...route.url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
  const params = fc.tuple(...names.map((name) => paramValue(name, route.params, known)));
  const sendsBody = route.body !== undefined || !['GET', 'HEAD'].includes(route.method);
  return fc
    .record({
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(route.method) },
        { weight: 1, arbitrary: fc.constantFrom(...methods) },
      ),
      params,
      query: queryFor(route),
      body: sendsBody ? fc.option(bodyFor(route), { freq: 8 }) : fc.constant(null),
      auth: fc.constantFrom(...authKinds),
    })
    .map(({ method, params: values, query, body, auth }) => {
      let index = 0;
      const path = route.url.replace(/:(\w+)|\*/g, () => values[index++] ?? '');
      const headers: Record<string, string> = {};
      if (body?.contentType) headers['content-type'] = body.contentType;
      else if (body) headers['content-type'] = 'application/json';
      const hasBody = body && method !== 'GET' && method !== 'HEAD';
      return {
        route: `${route.method} ${route.url}`,
        method,
        url: query ? `${path}?${query}` : path,
        auth,
        headers,
        ...(hasBody ? { payload: body.payload } : {}),
      };
    });
}

/** Paths no route owns: traversal into the web build and the file system, odd encodings. */
export const strayRequests: fc.Arbitrary<HostileRequest> = fc
  .record({
    method: fc.constantFrom(...methods),
    path: fc.oneof(
      fc.constantFrom(
        '/../secret.txt',
        '/assets/../../secret.txt',
        '/assets/..%2f..%2fsecret.txt',
        '/%2e%2e/%2e%2e/secret.txt',
        '/..%5c..%5csecret.txt',
        '/assets/%2e%2e%2fsecret.txt',
        '//secret.txt',
        '/docs/static/../../../../secret.txt',
        '/docs/static/%2e%2e%2f%2e%2e%2fsecret.txt',
        '/docs/json',
        '/api/github/repos/../../../secret.txt',
        '/api/',
        '/auth/',
        '/webhooks/x',
        '/index.html',
        '/%00',
        '/%ff%fe',
        '/a%',
        `/${'a'.repeat(8_000)}`,
      ),
      hostileString.map((value) => `/${encodeURIComponent(value)}`),
      fc.webPath().map((value) => value || '/'),
    ),
    auth: fc.constantFrom(...authKinds),
  })
  .map(({ method, path, auth }) => ({ method, url: path, auth, headers: {} }));
