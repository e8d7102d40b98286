import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
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
    case 'FST_ERR_BAD_URL':
      return { code: 'MalformedUrl' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { code: 'UrlTooLong' };
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
      // the rate-limit plugin's message says how long to wait, and carries nothing else
      return { code: 'RateLimited', message: error.message };
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

/**
 * What a response written before any hook ran carries instead of helmet's headers: a JSON error needs no page
 * policy, so the strictest one.
 */
const BARE_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
} as const;

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded or routed (bad percent-encoding, a path parameter over
 * `maxParamLength`) fails before any route or hook, and answers through the same catalog as everything else.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const mapped = fromFastifyError(error);
  // Not the message: it quotes the whole URL, query string included.
  request.log.info({ err: { code: error.code } }, 'request rejected');
  return sendError(reply.headers(BARE_SECURITY_HEADERS), mapped.code, mapped.message);
}

function clientErrorCode(code: string | undefined): ErrorCode {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return 'HeadersTooLarge';
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 'RequestTimeout';
    case 'HPE_URI_TOO_LONG':
      return 'UrlTooLong';
    default:
      return 'MalformedRequest';
  }
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the bytes (headers too large, a malformed request line,
 * bytes past a body's Content-Length read as a next request). There is no request to reply to, so the answer is
 * written on the socket, which is then closed.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const code = clientErrorCode(err.code);
  const { status } = errorCatalog[code];
  const message = code === 'MalformedRequest' ? 'The request could not be read.' : errorCatalog[code].message;
  const body = JSON.stringify({ errorCode: code, message } satisfies ApiErrorBody);
  this.log.debug({ err: { code: err.code } }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        Object.entries(BARE_SECURITY_HEADERS)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}
