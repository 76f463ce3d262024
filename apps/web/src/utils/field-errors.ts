import type { FieldError } from '@shipdeck/shared/api-envelope';

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message for each top-level field, from zod issues or the server's `errors[]`. */
export function firstErrorByField<K extends string>(
  issues: readonly (Issue | FieldError)[],
  fields: readonly K[],
): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    // The server names fields by where they came from ("body.email"); forms know them as "email".
    const key =
      'field' in issue
        ? issue.field.replace(/^(body|query|params)\./, '')
        : String(issue.path[0] ?? '');
    const field = fields.find((candidate) => candidate === key);
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
