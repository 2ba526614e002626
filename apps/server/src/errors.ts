import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  PaymentObjectNotFoundError,
  PaymentProviderUnavailableError,
  PaymentRefusedError,
} from './payments/payment-provider.js';
import { ObjectNotFoundError, StorageUnavailableError } from './storage/object-store.js';

/** An error with the HTTP status to answer and a message a person can act on. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (what = 'Conversion') => new AppError(404, `${what} not found`);

/** Parses input from outside with a shared schema; the first problem becomes a 400. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new AppError(400, issue?.message ?? 'Invalid request');
}

/** One error handler: 4xx messages are shown as they are, 5xx are logged and answered generically. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    // A file the row still names but the store no longer has (deleted meanwhile): gone, not a fault.
    if (error instanceof ObjectNotFoundError) {
      return reply
        .code(404)
        .send({ message: 'This file is no longer available. Please upload the image again.' });
    }
    if (error instanceof StorageUnavailableError) return answerStorageUnavailable(error, request, reply);
    if (error instanceof PaymentRefusedError) return reply.code(402).send({ message: error.message });
    if (error instanceof PaymentObjectNotFoundError) return reply.code(404).send({ message: error.message });
    if (error instanceof PaymentProviderUnavailableError) {
      request.log.error({ err: error }, 'payment provider failed');
      return reply.code(502).send({
        message: 'Payments are not available right now. Nothing was charged; please try again later.',
      });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.code(status).send({ message: clientMessage(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}

/** What a person reads when the file storage fails: nothing of theirs is lost, try again. */
export const STORAGE_UNAVAILABLE =
  'Our file storage is unavailable right now, so this could not be done. Nothing was saved; please try again in a minute.';

/** 503 with Retry-After for a failure of the file storage, its cause logged at error level. */
export function answerStorageUnavailable(
  error: StorageUnavailableError,
  request: FastifyRequest,
  reply: FastifyReply,
  body: Record<string, string> = { message: STORAGE_UNAVAILABLE },
): FastifyReply {
  request.log.error({ err: error }, 'file storage unavailable');
  return reply.code(503).header('retry-after', '60').send(body);
}

/** The JSON answer for an address nothing serves. */
export function answerNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send({ message: `No such address: ${request.method} ${request.url.split('?')[0]}` });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send JSON with Content-Type: application/json';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty; send a JSON object';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    default:
      return error.message;
  }
}
