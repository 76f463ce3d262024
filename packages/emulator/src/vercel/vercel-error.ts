/** A Vercel error answer: `{"error":{"code","message",…}}`. */
export class VercelError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return { error: { code: this.code, message: this.message, ...this.extra } };
  }
}

export const missingToken = (): VercelError =>
  new VercelError(403, 'forbidden', 'The request is missing an authentication token', {
    missingToken: true,
  });

/** Vercel answers bad and expired tokens with 403, not 401. */
export const invalidToken = (): VercelError =>
  new VercelError(403, 'forbidden', 'Not authorized', { invalidToken: true });

export const notFound = (what: string): VercelError =>
  new VercelError(404, 'not_found', `${what} not found`);

export const badRequest = (message: string): VercelError =>
  new VercelError(400, 'bad_request', message);
