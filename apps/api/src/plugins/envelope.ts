import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Envelope } from '@portal/contracts/envelope';
import type { ErrorCode } from '@portal/contracts/error-codes';
import { MSG } from '@portal/contracts/messages';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../lib/errors';

export function envelope<T>(data: T, code = 200, message = 'success'): Envelope<T> {
  return { status: { code, message }, data };
}

export function sendError(
  reply: FastifyReply,
  code: number,
  errorCode: ErrorCode,
  message: string,
  errors?: Record<string, string[]>,
) {
  return reply
    .code(code)
    .type('application/json; charset=utf-8')
    .send({
      status: {
        code,
        message,
        error_code: errorCode,
        ...(errors ? { errors } : {}),
        // The reference a member can quote, found in the log lines of this request (plugins/request-id.ts).
        request_id: reply.request.id,
      },
      data: null,
    });
}

interface ZodIssueLike {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** A 422 names at most this many fields: enough to fix a form, never a body's worth of echo. */
export const MAX_FIELD_ERRORS = 10;

function fieldErrors(issues: ZodIssueLike[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    if (field in out || Object.keys(out).length < MAX_FIELD_ERRORS) (out[field] ??= []).push(message);
  };
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      for (const key of issue.params.keys as string[])
        add(field ? `${field}.${key}` : key, `The ${key} field is not allowed`);
    } else add(field || '_', issue.message ?? 'Invalid value');
  }
  return out;
}

/** Turns every failure into the envelope: never a stack trace, never HTML. */
export function registerErrorEnvelope(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
      return sendError(reply, error.statusCode, error.errorCode, error.message, error.fieldErrors);
    }
    if (isDatabaseUnavailable(error)) {
      // The database is down or restarting: the client should try again shortly, not give up.
      // (Not the error itself in the log: drizzle's message carries the query's parameters.)
      request.log.warn('database unavailable: answered 503');
      const unavailable = databaseUnavailable();
      reply.header('retry-after', String(unavailable.retryAfter));
      return sendError(reply, unavailable.statusCode, unavailable.errorCode, unavailable.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation as unknown as ZodIssueLike[]);
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid';
      return sendError(reply, 422, 'VALIDATION_ERROR', first, errors);
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, 400, 'MALFORMED_JSON', 'The request body is not valid JSON');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, 413, 'PAYLOAD_TOO_LARGE', 'The request body is too large');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(reply, 400, 'BAD_REQUEST', 'Invalid content length');
    }
    if (error.statusCode === 429) return sendError(reply, 429, 'RATE_LIMITED', MSG.rateLimited);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, error.statusCode, 'BAD_REQUEST', 'Bad request');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, 'INTERNAL_ERROR', 'Something went wrong, please try again');
  });
}
