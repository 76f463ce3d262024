/**
 * Whether an SMTP failure is worth retrying. A 5xx reply is the server's final word (nodemailer
 * marks it `permanent`); a 4xx reply (421, 450, 451), a refused or dropped connection and a
 * timeout may pass.
 */
export function isPermanentSmtpFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { permanent, responseCode } = error as { permanent?: unknown; responseCode?: unknown };
  if (permanent === true) return true;
  return typeof responseCode === 'number' && responseCode >= 500;
}

/** What the record keeps of a failure: the server's reply, never the message or credentials. */
export function describeSmtpFailure(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const { response, code, message } = error as {
    response?: unknown;
    code?: unknown;
    message?: unknown;
  };
  const text = typeof response === 'string' ? response : typeof message === 'string' ? message : '';
  return `${typeof code === 'string' ? `${code}: ` : ''}${text}`.slice(0, 500);
}
