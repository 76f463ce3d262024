import type { FieldError } from '@shipdeck/shared/api-envelope';

type ApiErrorInit = {
  message: string;
  status: number | null;
  code: string | null;
  serverMessage: string | null;
  fieldErrors: FieldError[];
};

/** Every failed request rejects with this, already mapped to the spec's error rules. */
export class ApiError extends Error {
  readonly status: number | null;
  readonly code: string | null;
  /** The server's own message for a 4xx answer; null for 5xx and network failures. */
  readonly serverMessage: string | null;
  readonly fieldErrors: FieldError[];

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.fieldErrors = init.fieldErrors;
  }
}

/** The server's message when it sent one the user can act on, else the screen's own fallback text. */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}
