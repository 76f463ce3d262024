import { startCountingUnrecognized } from '@vercel/sdk/types/unrecognized.js';

// The SDK's `$inboundSchema` parsers are lax: they fill missing primitives with zero values
// (counted as "unrecognized"), coerce wrong types, and silently drop unknown keys, and their
// unions pick whichever variant keeps the most fields. A body therefore passes only if
// (1) it parses, (2) nothing was defaulted, coerced or unrecognized, and (3) every key of the
// body survives into the parsed value, which is only true when one union variant matched
// the whole body.

interface Parser {
  safeParse(
    value: unknown,
  ): { success: true; data: unknown } | { success: false; error: { message: string } };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)
  );
}

function camel(key: string): string {
  return key.replace(/[-_]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function compare(body: unknown, parsed: unknown, path: string, problems: string[]): void {
  if (problems.length > 20) return;
  if (Array.isArray(body)) {
    if (!Array.isArray(parsed) || parsed.length !== body.length) {
      problems.push(`${path}: array changed by the SDK`);
      return;
    }
    body.forEach((item, index) => compare(item, parsed[index], `${path}[${index}]`, problems));
    return;
  }
  if (isPlainObject(body)) {
    if (!isPlainObject(parsed)) {
      problems.push(`${path}: object became ${typeof parsed}`);
      return;
    }
    for (const [key, value] of Object.entries(body)) {
      if (value === undefined) continue;
      const parsedKey: string = key in parsed ? key : camel(key);
      if (!(parsedKey in parsed)) {
        problems.push(
          `${path}.${key}: dropped by the SDK schema (unknown key or wrong union variant)`,
        );
        continue;
      }
      compare(value, parsed[parsedKey], `${path}.${key}`, problems);
    }
    const bodyKeys = new Set(Object.keys(body).flatMap((key) => [key, camel(key)]));
    for (const [key, value] of Object.entries(parsed)) {
      if (value !== undefined && !bodyKeys.has(key))
        problems.push(`${path}.${key}: required by the SDK schema but missing`);
    }
    return;
  }
  if (parsed instanceof Date) {
    if (typeof body !== 'string' && typeof body !== 'number')
      problems.push(`${path}: became a Date`);
    else if (new Date(body).getTime() !== parsed.getTime()) problems.push(`${path}: date changed`);
    return;
  }
  if (!Object.is(body, parsed))
    problems.push(`${path}: ${JSON.stringify(body)} became ${JSON.stringify(parsed)}`);
}

/** Problems found when checking `body` strictly against an SDK response schema (empty = ok). */
export function strictSdkProblems(schema: Parser, body: unknown): string[] {
  const counter = startCountingUnrecognized();
  const result = schema.safeParse(body);
  const unrecognized = counter.end();
  if (!result.success) return [`does not parse: ${result.error.message.slice(0, 2000)}`];
  const problems: string[] = [];
  if (unrecognized > 0)
    problems.push(`${unrecognized} value(s) were defaulted, coerced or unrecognized by the SDK`);
  compare(body, result.data, '$', problems);
  return problems;
}
