import type { FastifyRequest } from 'fastify';
import type { Config } from './config.js';

/** The address people use: PUBLIC_URL when set, else the one this request came to. */
export function publicOrigin(request: FastifyRequest, config: Config): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}
