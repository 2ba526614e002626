import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';

/** GET /healthz: 200 while the database answers. */
export async function healthRoutes(app: FastifyInstance, { db }: Deps): Promise<void> {
  app.get('/healthz', async () => {
    try {
      await sql`select 1`.execute(db);
    } catch {
      throw new AppError(503, 'The database is not answering');
    }
    return { status: 'ok' };
  });
}
