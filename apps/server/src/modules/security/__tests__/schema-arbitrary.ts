import fc from 'fast-check';
import { z } from 'zod';

/** The slice of JSON Schema that zod's `toJSONSchema` writes for our request schemas. */
interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, 200);
  const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .map((value) => value.slice(0, maxLength))
      .filter((value) => fits(value) && new RegExp(schema.pattern ?? '').test(value));
  }
  return fc.string({ minLength, maxLength, unit: fc.constantFrom('grapheme', 'binary-ascii') });
}

function fromJsonSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map(fromJsonSchema));
  if (schema.allOf?.[0]) return fromJsonSchema(schema.allOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return fc.integer({
        min: schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_001) + 1,
        max: schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_001) - 1,
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? fromJsonSchema(schema.items) : fc.jsonValue(), {
        maxLength: 4,
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, fromJsonSchema(value)]),
      );
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values a zod request schema accepts (mostly: refinements zod cannot describe may still fail). */
export function validValues(schema: z.ZodType): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return fromJsonSchema(json);
}

/** The property names of an object schema, to aim hostile values at real fields. */
export function fieldNames(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return Object.keys(json.properties ?? {});
}
