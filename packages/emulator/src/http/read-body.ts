import type { IncomingMessage } from 'node:http';

const LIMIT = 1_000_000;

export class BodyTooLargeError extends Error {}

/** Reads the raw request body (small forms and JSON only; larger bodies are refused). */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > LIMIT) throw new BodyTooLargeError('Request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Parses a form-encoded or JSON body into string fields; anything else yields no fields. */
export function parseFields(raw: Buffer, contentType: string | undefined): Record<string, string> {
  const text = raw.toString('utf8');
  if (text.trim() === '') return {};
  if (contentType?.includes('json')) {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
      const fields: Record<string, string> = {};
      for (const [key, field] of Object.entries(value)) {
        if (typeof field === 'string' || typeof field === 'number' || typeof field === 'boolean')
          fields[key] = String(field);
      }
      return fields;
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}
