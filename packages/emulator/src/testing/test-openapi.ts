import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2019 } from 'ajv/dist/2019.js';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

// Validates emulator answers against GitHub's published OpenAPI description
// (@octokit/openapi, generated/api.github.com.json). OpenAPI 3.0's `nullable` is rewritten
// into JSON Schema (`type: [t, "null"]`, or `anyOf` with null) because Ajv only understands
// `nullable` next to `type`, and the description puts it beside `oneOf`/`$ref` too.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const DOC_ID = 'https://api.github.com/openapi.json';

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Also forbids keys the description does not declare (`unevaluatedProperties: false` on every
 * object schema that lists properties), so the emulator cannot invent fields unnoticed.
 */
function closeObjects(node: Json): Json {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (!isObject(node)) return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node))
    out[key] =
      key === 'properties' && isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, closeObjects(v)]))
        : closeObjects(value);
  if (
    isObject(out.properties) &&
    out.additionalProperties === undefined &&
    out.patternProperties === undefined
  )
    out.unevaluatedProperties = false;
  return out;
}

/**
 * Merges `allOf` of plain object schemas into one object schema, so closing objects does not
 * make each branch reject the other branches' keys (`pull-request-webhook` is `pull-request`
 * plus a few fields, for example).
 */
function flattenAllOf(node: Json, schemas: { [key: string]: Json }): Json {
  if (Array.isArray(node)) return node.map((item) => flattenAllOf(item, schemas));
  if (!isObject(node)) return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) out[key] = flattenAllOf(value, schemas);
  if (!Array.isArray(out.allOf)) return out;
  const branches = out.allOf.map((branch) => {
    const ref = isObject(branch) ? branch.$ref : undefined;
    return typeof ref === 'string' && ref.startsWith('#/components/schemas/')
      ? schemas[ref.slice('#/components/schemas/'.length)]
      : branch;
  });
  if (
    !branches.every(
      (b) => b !== undefined && isObject(b) && isObject(b.properties) && b.allOf === undefined,
    )
  )
    return out;
  const properties: { [key: string]: Json } = {};
  const required = new Set<string>();
  for (const branch of branches) {
    if (branch === undefined || !isObject(branch) || !isObject(branch.properties)) continue;
    Object.assign(properties, branch.properties);
    if (Array.isArray(branch.required))
      for (const name of branch.required) if (typeof name === 'string') required.add(name);
  }
  const merged: { [key: string]: Json } = {
    ...out,
    type: 'object',
    properties,
    required: [...required],
  };
  delete merged.allOf;
  return merged;
}

function convertNullable(node: Json): Json {
  if (Array.isArray(node)) return node.map(convertNullable);
  if (!isObject(node)) return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) out[key] = convertNullable(value);
  if (out.nullable !== true) return out;
  delete out.nullable;
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  return { anyOf: [out, { type: 'null' }] };
}

function rewriteRefs(node: Json): Json {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (!isObject(node)) return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? `${DOC_ID}${value}`
        : rewriteRefs(value);
  }
  return out;
}

function load(): { doc: { [key: string]: Json }; ajv: Ajv2019 } {
  const require = createRequire(import.meta.url);
  const path = require.resolve('@octokit/openapi/generated/api.github.com.json');
  const raw = JSON.parse(readFileSync(path, 'utf8')) as Json;
  if (!isObject(raw)) throw new Error('Unexpected OpenAPI document');
  const ajv = new Ajv2019({
    strict: false,
    allErrors: true,
    validateSchema: false,
    discriminator: false,
  });
  addFormats.default(ajv);
  const rawSchemas = at(raw, 'components', 'schemas');
  const schemas = rawSchemas !== undefined && isObject(rawSchemas) ? rawSchemas : {};
  const components = closeObjects(convertNullable(flattenAllOf(raw.components ?? {}, schemas)));
  // GitHub now sends `status` on every error body; only basic-error declares it, and the
  // closed-object check above would otherwise reject it on 422 answers.
  const validationError = at(components, 'schemas', 'validation-error', 'properties');
  if (validationError !== undefined && isObject(validationError))
    validationError.status = { type: 'string' };
  // GitHub's commit search sends the committer's account (like `author`) at the top level of
  // each item, where the description declares a git user: accept what GitHub really sends.
  const commitSearchItem = at(components, 'schemas', 'commit-search-result-item', 'properties');
  if (commitSearchItem !== undefined && isObject(commitSearchItem))
    commitSearchItem.committer = {
      anyOf: [{ $ref: '#/components/schemas/simple-user' }, { type: 'null' }],
    };
  // A notification's subject.url and latest_comment_url are declared as strings, but GitHub
  // sends null for CheckSuite threads, invitations and alerts (PROVIDERS.md 9.1).
  const subject = at(components, 'schemas', 'thread', 'properties', 'subject', 'properties');
  if (subject !== undefined && isObject(subject)) {
    subject.url = { type: ['string', 'null'] };
    subject.latest_comment_url = { type: ['string', 'null'] };
  }
  ajv.addSchema({ $id: DOC_ID, components });
  return { doc: raw, ajv };
}

let loaded: ReturnType<typeof load> | null = null;
const compiled = new Map<string, ValidateFunction>();

function get(): ReturnType<typeof load> {
  loaded ??= load();
  return loaded;
}

function at(node: Json | undefined, ...keys: string[]): Json | undefined {
  let current = node;
  for (const key of keys) {
    if (current === undefined || !isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

function compile(key: string, schema: Json): ValidateFunction {
  const existing = compiled.get(key);
  if (existing) return existing;
  const validate = get().ajv.compile(rewriteRefs(closeObjects(convertNullable(schema))) as object);
  compiled.set(key, validate);
  return validate;
}

/** The response schema of an operation for a status, e.g. ('/user/repos', 'get', 200). */
export function responseValidator(path: string, method: string, status: number): ValidateFunction {
  const { doc } = get();
  let response = at(doc, 'paths', path, method, 'responses', String(status));
  const ref = at(response, '$ref');
  if (typeof ref === 'string') response = at(doc, ...ref.slice(2).split('/'));
  const schema = at(response, 'content', 'application/json', 'schema');
  if (schema === undefined)
    throw new Error(`No JSON schema for ${method.toUpperCase()} ${path} ${status}`);
  return compile(`${method} ${path} ${status}`, schema);
}

/** A named component schema, e.g. 'public-user' or 'webhook-push'. */
export function componentValidator(name: string): ValidateFunction {
  return compile(`#${name}`, { $ref: `#/components/schemas/${name}` });
}

/** Human-readable validation errors (empty when valid). */
export function schemaErrors(validate: ValidateFunction, body: unknown): string[] {
  if (validate(body)) return [];
  return (validate.errors ?? [])
    .slice(0, 10)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
