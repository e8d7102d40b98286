import { type ApiErrorBody, type ErrorCode, errorCatalog } from '@portal/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

interface ValidationEntry {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { keys?: string[] };
}

function describeValidation(error: FastifyError): { code: ErrorCode; message: string } {
  const entries = (error.validation ?? []) as ValidationEntry[];
  const unknown = entries.find((entry) => entry.keyword === 'unrecognized_keys');
  if (unknown) {
    const keys = unknown.params?.keys ?? [];
    return { code: 'UnknownField', message: `Unknown field${keys.length === 1 ? '' : 's'}: ${keys.join(', ')}` };
  }
  const first = entries[0];
  if (!first?.message) return { code: 'ValidationFailed', message: errorCatalog.ValidationFailed.message };
  const field = first.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  return { code: 'ValidationFailed', message: field ? `${field}: ${first.message}` : first.message };
}

/** Maps a Fastify framework error onto our catalog. */
function fromFastifyError(error: FastifyError): { code: ErrorCode; message?: string } {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: 'MalformedRequest' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
      return { code: 'PayloadTooLarge' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { code: 'UnsupportedMediaType' };
    default:
      break;
  }
  switch (error.statusCode) {
    case 400:
      return { code: 'MalformedRequest' };
    case 404:
      return { code: 'NotFound' };
    case 413:
      return { code: 'PayloadTooLarge' };
    case 415:
      return { code: 'UnsupportedMediaType' };
    case 429:
      return { code: 'RateLimited' };
    case 503:
      return { code: 'ServiceUnavailable' };
    default:
      return { code: 'InternalError' };
  }
}

/** Answers `{errorCode, message}` with the code's status. */
export function sendError(reply: FastifyReply, code: ErrorCode, message?: string) {
  const body: ApiErrorBody = { errorCode: code, message: message ?? errorCatalog[code].message };
  return reply.status(errorCatalog[code].status).send(body);
}

/** The one error handler: every failure answers `{errorCode, message}`; 5xx details stay in the log. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        // @fastify/rate-limit sets Retry-After itself; our own refusals carry their wait
        if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
        if (error.status >= 500) request.log.error({ err: error }, 'request failed');
        return sendError(reply, error.errorCode, error.message);
      }
      if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
        const { code, message } = describeValidation(error);
        return sendError(reply, code, message);
      }
      const mapped = fromFastifyError(error);
      if (errorCatalog[mapped.code].status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return sendError(reply, mapped.code);
      }
      request.log.info({ err: { code: error.code, message: error.message } }, 'request rejected');
      return sendError(reply, mapped.code, mapped.message);
    });
  },
  { name: 'errors' },
);
