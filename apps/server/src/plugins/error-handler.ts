import { errorMessages } from '@shipdeck/shared/messages';
import type { ErrorEnvelope } from '@shipdeck/shared/api-envelope';
import type { ErrorCode } from '@shipdeck/shared/error-codes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'SERVICE_UNAVAILABLE';
  return status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_ERROR';
}

/** "body.email" for a body field, "query.page" for a query parameter: names what to fix. */
function fieldName(context: string | undefined, path: string): string {
  const where = (context ?? 'body').replace(/^querystring$/, 'query');
  const trimmed = path.replace(/^\//, '').replaceAll('/', '.');
  return trimmed ? `${where}.${trimmed}` : where;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorEnvelope = {
        success: false,
        message: error.message,
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
      };
      return reply
        .code(error.statusCode)
        .headers(error.headers ?? {})
        .send(body);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: fieldName(error.validationContext, issue.instancePath),
        message: issue.message ?? 'is invalid',
      }));
      const first = errors[0];
      const body: ErrorEnvelope = {
        success: false,
        message: first ? `${first.field}: ${first.message}` : 'Invalid request',
        code: 'VALIDATION_ERROR',
        errors,
      };
      return reply.code(400).send(body);
    }

    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      const body: ErrorEnvelope = {
        success: false,
        message: errorMessages.server,
        code: 'INTERNAL_ERROR',
      };
      return reply.code(status).send(body);
    }
    // Fastify's own 4xx (malformed JSON, wrong content type, body too large) are safe to show.
    const body: ErrorEnvelope = {
      success: false,
      message: error.message,
      code: codeForStatus(status),
    };
    return reply.code(status).send(body);
  });
}

/**
 * The router's own refusals (an undecodable URL, a path parameter over its length limit) happen
 * before the error handler; without this they answer Fastify's shape and echo the whole URL.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const body: ErrorEnvelope = {
    success: false,
    message: tooLong ? errorMessages.urlPartTooLong : errorMessages.invalidUrl,
    code: 'VALIDATION_ERROR',
  };
  void reply.code(tooLong ? 414 : 400).send(body);
}
