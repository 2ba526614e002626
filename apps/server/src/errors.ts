import { type ErrorBody, type ErrorCode, errorCodeSchema } from '@vectrace/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  PaymentObjectNotFoundError,
  PaymentProviderUnavailableError,
  PaymentRefusedError,
} from './payments/payment-provider.js';
import { ObjectNotFoundError, StorageFullError, StorageUnavailableError } from './storage/object-store.js';

/** An error with the HTTP status to answer, a stable code and a message a person can act on. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (what = 'Conversion') => new AppError(404, 'not_found', `${what} not found`);

/** Parses input from outside with a shared schema; the first problem becomes a 400. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new AppError(400, 'invalid_request', issue?.message ?? 'Invalid request');
}

/** Answers an error: its status and headers, and the body `{ code, message }` every error has. */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const body: ErrorBody = { code: error.code, message: error.message };
  return reply.code(error.statusCode).headers(error.headers).send(body);
}

/** What a person reads when the file storage fails: nothing of theirs is lost, try again. */
const STORAGE_UNAVAILABLE =
  'Our file storage is unavailable right now, so this could not be done. Nothing was saved; please try again in a minute.';

/** What a person reads when the disk is full: the service's problem, not their file's. */
const STORAGE_FULL =
  'Our file storage is full right now, so this could not be saved. The problem is on our side, not with your file: nothing was kept; please try again later.';

/** How a group of routes answers errors: the site's, or the API's with its documented codes. */
export interface ErrorScope {
  /** The codes these routes may answer; any other is answered as its status's, or invalid_request. */
  codes: readonly ErrorCode[];
  /** Fastify's refusals before a route runs, by Fastify's error code, in these routes' words. */
  refusals: Partial<Record<string, { code: ErrorCode; message: string }>>;
}

/** The site's routes: every code, and Fastify's refusals of a JSON body in words. */
const siteErrors: ErrorScope = {
  codes: errorCodeSchema.options,
  refusals: {
    FST_ERR_CTP_INVALID_MEDIA_TYPE: {
      code: 'unsupported_media_type',
      message: 'Send JSON with Content-Type: application/json',
    },
    FST_ERR_CTP_EMPTY_JSON_BODY: {
      code: 'invalid_request',
      message: 'The request body is empty; send a JSON object',
    },
    FST_ERR_CTP_BODY_TOO_LARGE: { code: 'invalid_request', message: 'The request body is too large' },
  },
};

/** One error handler: 4xx messages are shown as they are, 5xx are logged and answered generically. */
export function registerErrorHandler(app: FastifyInstance, scope: ErrorScope = siteErrors): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const answer = appErrorOf(error, request, scope);
    const code = scope.codes.includes(answer.code) ? answer.code : codeOf(answer.statusCode, scope);
    if (code === answer.code) return sendError(reply, answer);
    return sendError(reply, new AppError(answer.statusCode, code, answer.message, answer.headers));
  });
}

/** The JSON answer for an address nothing serves. */
export function answerNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(
    reply,
    new AppError(404, 'not_found', `No such address: ${request.method} ${request.url.split('?')[0]}`),
  );
}

// The code of an error that names none (Fastify's, a plugin's), by its status.
const codeByStatus: Partial<Record<number, ErrorCode>> = {
  400: 'invalid_request',
  401: 'unauthorized',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  409: 'not_ready',
  410: 'gone',
  413: 'image_too_large',
  422: 'conversion_failed',
  429: 'rate_limited',
};

function codeOf(status: number, scope: ErrorScope): ErrorCode {
  const code = codeByStatus[status];
  return code && scope.codes.includes(code) ? code : 'invalid_request';
}

/** Anything thrown, as the error to answer; a failure on our side is logged with its cause. */
function appErrorOf(error: FastifyError | AppError, request: FastifyRequest, scope: ErrorScope): AppError {
  if (error instanceof AppError) return error;
  // A file the row still names but the store no longer has (deleted meanwhile): gone, not a fault.
  if (error instanceof ObjectNotFoundError) {
    return new AppError(404, 'not_found', 'This file is no longer available. Please upload the image again.');
  }
  if (error instanceof StorageUnavailableError) {
    const full = error instanceof StorageFullError;
    request.log.error({ err: error }, full ? 'file storage full' : 'file storage unavailable');
    return new AppError(503, 'unavailable', full ? STORAGE_FULL : STORAGE_UNAVAILABLE, {
      'retry-after': full ? '300' : '60',
    });
  }
  if (error instanceof PaymentRefusedError) return new AppError(402, 'payment_required', error.message);
  if (error instanceof PaymentObjectNotFoundError) return new AppError(404, 'not_found', error.message);
  if (error instanceof PaymentProviderUnavailableError) {
    request.log.error({ err: error }, 'payment provider failed');
    return new AppError(
      502,
      'unavailable',
      'Payments are not available right now. Nothing was charged; please try again later.',
    );
  }
  // A route schema's refusal: its first problem, as the schema words it.
  if (hasZodFastifySchemaValidationErrors(error)) {
    return new AppError(400, 'invalid_request', error.validation[0]?.message ?? 'Invalid request');
  }
  const status = error.statusCode ?? 500;
  if (status < 500) {
    const refusal = scope.refusals[error.code];
    return new AppError(status, refusal?.code ?? codeOf(status, scope), refusal?.message ?? error.message);
  }
  request.log.error({ err: error }, 'request failed');
  return new AppError(500, 'server_error', 'Something went wrong on our side. Please try again.');
}
