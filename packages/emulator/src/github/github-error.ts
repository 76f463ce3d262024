/** A GitHub error answer: `basic-error` or `validation-error` JSON with the status as a string. */
export class GithubError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return {
      message: this.message,
      documentation_url: 'https://docs.github.com/rest',
      ...this.extra,
      status: String(this.status),
    };
  }
}

export function notFound(): GithubError {
  return new GithubError(404, 'Not Found');
}

/** 422 Validation Failed naming the offending field, as GitHub does for bad parameters. */
export function validationFailed(
  resource: string,
  field: string,
  code = 'invalid',
  message?: string,
): GithubError {
  const error: Record<string, string> = { resource, field, code };
  if (message) error.message = message;
  return new GithubError(422, 'Validation Failed', { errors: [error] });
}
