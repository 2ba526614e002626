import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, type SqliteDatabase, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import * as initial from './migrations/001-initial.js';
import * as payments from './migrations/002-payments.js';
import * as retuning from './migrations/003-retuning-and-account.js';
import * as fairQueue from './migrations/004-fair-queue-and-quotas.js';
import * as traceNotice from './migrations/005-trace-notice.js';
import * as apiKeys from './migrations/006-api-keys.js';
import * as leases from './migrations/007-leases.js';
import * as idempotencyKeys from './migrations/008-idempotency-keys.js';
import * as reading from './migrations/009-reading.js';
import * as tracedMode from './migrations/010-traced-mode.js';
import * as receipts from './migrations/011-receipts.js';
import * as unlockMails from './migrations/012-unlock-mails.js';
import * as linkGenerations from './migrations/013-link-generations.js';
import * as markAnchor from './migrations/014-mark-anchor.js';
import * as unclaimedEmails from './migrations/015-unclaimed-emails.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

const migrations = {
  '001-initial': initial,
  '002-payments': payments,
  '003-retuning-and-account': retuning,
  '004-fair-queue-and-quotas': fairQueue,
  '005-trace-notice': traceNotice,
  '006-api-keys': apiKeys,
  '007-leases': leases,
  '008-idempotency-keys': idempotencyKeys,
  '009-reading': reading,
  '010-traced-mode': tracedMode,
  '011-receipts': receipts,
  '012-unlock-mails': unlockMails,
  '013-link-generations': linkGenerations,
  '014-mark-anchor': markAnchor,
  '015-unclaimed-emails': unclaimedEmails,
};

/** Opens the configured database (PostgreSQL if DATABASE_URL is set, else SQLite under DATA_DIR). */
export function openDatabase(
  config: Config,
  onIdleError: (err: Error) => void,
): { db: Db; dialect: 'sqlite' | 'postgres' } {
  if (config.databaseUrl) {
    // Timestamps and JSON come back as text on both dialects (see schema.ts).
    const asText = (value: string) => value;
    const types = {
      getTypeParser: (oid: number, format?: 'text' | 'binary') => {
        if (oid === pg.types.builtins.TIMESTAMPTZ) return (v: string) => new Date(v).toISOString();
        if (oid === pg.types.builtins.JSONB || oid === pg.types.builtins.JSON) return asText;
        if (oid === pg.types.builtins.INT8) return (v: string) => Number(v);
        return pg.types.getTypeParser(oid, format);
      },
    };
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10, types });
    // An idle connection the server drops (a restart, a failover) must not crash the process:
    // the pool replaces it at the next query.
    pool.on('error', onIdleError);
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const path = join(config.dataDir, 'vectrace.db');
  const file = new SQLite(path);
  // Readable by the server's user only; SQLite gives its -wal and -shm files the same mode.
  chmodSync(path, 0o600);
  // WAL keeps readers and the writer apart; NORMAL stays consistent across application crashes
  // (sqlite.org/pragma.html#pragma_synchronous); busy_timeout rides out a concurrent writer.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('busy_timeout = 5000');
  file.pragma('foreign_keys = ON');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) }),
    dialect: 'sqlite',
  };
}

// Kysely prepares every query anew, and preparing was an eighth of the server's CPU time under
// polling load (--cpu-prof); better-sqlite3's statements can be run again and again. The
// queries are a fixed set of shapes, so the cache stays small.
function withStatementCache(file: SQLite.Database, size = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = file.prepare(sql);
        if (statements.size >= size) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Brings the schema up to date; throws if a migration fails. */
export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
