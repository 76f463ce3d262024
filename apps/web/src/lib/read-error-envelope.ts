import type { ErrorEnvelope, FieldError } from '@shipdeck/shared/api-envelope';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isFieldError(value: unknown): value is FieldError {
  return isRecord(value) && typeof value.field === 'string' && typeof value.message === 'string';
}

/**
 * The `{ success: false, message, code, errors? }` envelope of a failed answer, or null when the
 * body is something else (a proxy's HTML page, an empty body). Checked by hand rather than with
 * the shared zod schema: every page loads this file, and zod would make every page 24 KB heavier.
 */
export function readErrorEnvelope(data: unknown): ErrorEnvelope | null {
  if (!isRecord(data) || data.success !== false) return null;
  const { message, code, errors } = data;
  if (typeof message !== 'string' || typeof code !== 'string') return null;
  if (errors !== undefined && !(Array.isArray(errors) && errors.every(isFieldError))) return null;
  return {
    success: false,
    message,
    // The server only sends codes from the shared list (its own schema checks every answer).
    code: code as ErrorEnvelope['code'],
    ...(errors === undefined ? {} : { errors }),
  };
}
