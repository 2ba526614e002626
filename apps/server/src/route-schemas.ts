import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Every route declares its body, query and params as the contract's zod schemas, checked before
 * its handler runs; a refusal answers 400 with the first problem's sentence (errors.ts). An absent
 * body is read as an empty object, so that each missing field is named as in an empty form.
 */
export function useRouteSchemas(app: FastifyInstance): void {
  const emptyBodyAsObject: FastifySchemaCompiler<z.ZodType> = (route) => {
    const validate = validatorCompiler(route);
    return (data) => validate(data ?? {});
  };
  app.setValidatorCompiler(emptyBodyAsObject);
  app.setSerializerCompiler(serializerCompiler);
}
