import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL server to test against, or undefined for SQLite. The vitest project
 * "server-postgres" sets it (from DATABASE_URL); each test server gets a database of its own.
 */
export const testPostgresUrl = process.env.VECTRACE_TEST_POSTGRES;

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the test PostgreSQL server; returns its URL and a function dropping it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vectrace_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(testPostgresUrl ?? '');
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** A database that outlives one server, for restart tests: SQLite (none needed) or a fresh PostgreSQL one. */
export async function databaseForRestarts(): Promise<{
  env: Record<string, string>;
  drop: () => Promise<void>;
}> {
  if (!testPostgresUrl) return { env: {}, drop: async () => {} };
  const database = await freshPostgresDatabase();
  return { env: { DATABASE_URL: database.url }, drop: database.drop };
}
