import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, answerStorageUnavailable, STORAGE_UNAVAILABLE } from '../../errors.js';
import { StorageUnavailableError } from '../../storage/object-store.js';
import type { ErrorCode } from './schemas.js';

/** An error of the API: its HTTP status, a stable code and a sentence. */
export class ApiError extends AppError {
  constructor(
    statusCode: number,
    readonly code: ErrorCode,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(statusCode, message, headers);
  }
}

// The code of an error that the site's routes raise, by its status.
const codeByStatus: Record<number, ErrorCode> = {
  400: 'invalid_request',
  401: 'unauthorized',
  402: 'payment_required',
  404: 'not_found',
  409: 'not_ready',
  410: 'gone',
  413: 'image_too_large',
  422: 'conversion_failed',
  429: 'rate_limited',
};

/** Every error of the API answers `{ code, message }`; 5xx are logged and answered generically. */
export function registerApiErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const code =
        error instanceof ApiError ? error.code : (codeByStatus[error.statusCode] ?? 'invalid_request');
      return reply.code(error.statusCode).headers(error.headers).send({ code, message: error.message });
    }
    if (error instanceof StorageUnavailableError) {
      return answerStorageUnavailable(error, request, reply, {
        code: 'unavailable',
        message: STORAGE_UNAVAILABLE,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const message = issue?.message ?? 'Invalid request';
      return reply.code(400).send({ code: 'invalid_request', message });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({
        code: 'invalid_request',
        message:
          'Send the image as multipart/form-data (a field named image), or as the whole body with Content-Type: image/png or image/jpeg.',
      });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const code = codeByStatus[status] ?? 'invalid_request';
      return reply.code(status).send({ code, message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ code: 'server_error', message: 'Something went wrong on our side. Please try again.' });
  });
}
