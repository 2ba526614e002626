import { type Kysely, PostgresAdapter } from 'kysely';

/** Which database runs under Kysely. */
export type Dialect = 'sqlite' | 'postgres';

// biome-ignore lint/suspicious/noExplicitAny: any database schema
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
