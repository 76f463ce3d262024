import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Path = (string | number)[];

interface Step {
  value: unknown;
  key: string | number | null;
  parent: Step | null;
}

function pathOf(step: Step): Path {
  const path: Path = [];
  for (let at: Step | null = step; at && at.key !== null; at = at.parent) path.unshift(at.key);
  return path;
}

/**
 * Where the first string holding U+0000 sits (a key or a value), or null. A loop over steps that
 * point to their parent, not recursion nor copied paths: a body nested 100,000 deep must cost
 * neither the stack nor quadratic time (the schema then refuses it).
 */
function nulPath(root: unknown): Path | null {
  const pending: Step[] = [{ value: root, key: null, parent: null }];
  for (let step = pending.pop(); step; step = pending.pop()) {
    const { value } = step;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(step);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const entries = Object.entries(value as Record<string, unknown>);
    // Pushed last-first, so the first field is looked at first.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index] ?? ['', null];
      const child: Step = { value: item, key: Array.isArray(value) ? index : key, parent: step };
      if (key.includes('\u0000')) return pathOf(child);
      pending.push(child);
    }
  }
  return null;
}

const noNul = z.unknown().superRefine((value, ctx) => {
  const path = nulPath(value);
  if (path) ctx.addIssue({ code: 'custom', path, message: 'must not contain a NUL character' });
});

/**
 * The zod validator, refusing NUL characters anywhere in params, query or body first: PostgreSQL
 * text cannot hold them, so such a value would fail in the database as a 500 instead of a 400
 * naming the field. SQLite stores them, so only a PostgreSQL run showed this.
 */
export const nulSafeValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler({ ...route, schema: noNul.pipe(route.schema) });
