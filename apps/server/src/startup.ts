import { ConfigError } from './config.js';

const unreachable = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ECONNRESET',
]);

/** What a start-up message names: the port and the variable that set it, the database. */
export interface StartupSettings {
  port?: number;
  /** PORT for `npm start`, HEALTH_PORT for a worker. */
  portVariable?: 'PORT' | 'HEALTH_PORT';
  databaseUrl?: string;
}

/**
 * A reason the process cannot start that a person can fix, in one sentence naming the setting:
 * a bad variable, the port in use, the database out of reach or not migrated. Undefined for
 * anything else.
 */
export function startupProblem(err: unknown, settings: StartupSettings = {}): string | undefined {
  if (err instanceof ConfigError) return err.message;
  // A failed migration carries the connection's error as its cause.
  const cause = (err as { cause?: unknown })?.cause;
  if (cause) return startupProblem(cause, settings) ?? undefined;
  const e = err as NodeJS.ErrnoException & { port?: number; errors?: NodeJS.ErrnoException[] };
  const code = e?.code ?? e?.errors?.[0]?.code;
  const variable = settings.portVariable ?? 'PORT';
  if (code === 'EADDRINUSE') {
    return `${variable} ${e.port ?? settings.port}: another program is listening on this port; stop it, or set ${variable} to a free port.`;
  }
  if (code === 'EACCES' && e.syscall === 'listen') {
    return `${variable} ${e.port ?? settings.port}: this user may not listen on this port; choose one above 1023.`;
  }
  // A worker never migrates: on a database not migrated yet, its first query finds no table.
  if (code === '42P01' || (code === 'SQLITE_ERROR' && /no such table/.test(e.message))) {
    return `${settings.databaseUrl ? 'DATABASE_URL' : 'DATA_DIR'}: the database has no tables yet; run npm run migrate first.`;
  }
  if (settings.databaseUrl && code && (unreachable.has(code) || /^(28|3D)/.test(code))) {
    const url = new URL(settings.databaseUrl);
    const why = unreachable.has(code) ? code : (e.message ?? code);
    return `DATABASE_URL: the database at ${url.hostname}:${url.port || 5432} cannot be used (${why}); start it, or correct DATABASE_URL.`;
  }
  return undefined;
}

/** Says why the process cannot start and exits 1; anything unforeseen is thrown on, with its stack. */
export function exitOnStartupProblem(err: unknown, settings?: StartupSettings): never {
  const problem = startupProblem(err, settings);
  if (!problem) throw err;
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
