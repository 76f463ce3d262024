import type { ErrorCode } from '@shipdeck/shared/error-codes';
import type { FieldError } from '@shipdeck/shared/api-envelope';

/** An expected failure: its status, code and message are safe to show the client. */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}
