import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RETENTION_HOURS } from '@vectrace/contract';
import { z } from 'zod';
import { type AddressAllowance, parseAllowance } from './public-address.js';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.js';

/** A setting that cannot work: its message names the variable and says why, in one line. */
export class ConfigError extends Error {
  constructor(problem: string) {
    super(`Invalid configuration: ${problem}`);
  }
}

/** OWNER_TRACES when none is set and none is implied: more than any deployment traces at once. */
const NO_OWNER_LIMIT = 1_000_000;
const intFrom = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

// Every environment variable the server reads, with the defaults that run the embedded stack.
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Where to listen: this machine only by default, every interface in production. */
  HOST: z.string().optional(),
  PORT: z.coerce
    .number({ error: 'must be a port number from 0 to 65535' })
    .int('must be a port number from 0 to 65535')
    .min(0, 'must be a port number from 0 to 65535')
    .max(65535, 'must be a port number from 0 to 65535')
    .default(3000),
  DATA_DIR: z.string().default('./data'),
  /** postgres://... to use PostgreSQL instead of the SQLite file under DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /**
   * The address people use, e.g. https://vectrace.example: upload URLs, payment return addresses
   * and page links start with it. Required in production; elsewhere the request's Host is used.
   */
  PUBLIC_URL: z.url().optional(),
  /** S3 or any S3-compatible store for uploads and results; all of bucket and keys, or none (local disk). */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style addresses (http://host/bucket/key), as most S3-compatible servers want. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  /** redis://... : the job queue is BullMQ and rate limits are shared by every process. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Starts every key this deployment keeps in Redis: several deployments may share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w-]+$/, 'letters, digits, - and _ only')
    .default('vectrace'),
  /** `npm run worker` answers GET /healthz on this port when set (it serves nothing else). */
  HEALTH_PORT: z.coerce
    .number({ error: 'must be a port number from 0 to 65535' })
    .int('must be a port number from 0 to 65535')
    .min(0, 'must be a port number from 0 to 65535')
    .max(65535, 'must be a port number from 0 to 65535')
    .optional(),
  /** GET /metrics answers a scraper that sends `Authorization: Bearer METRICS_TOKEN`; unset: no /metrics. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * A claimed conversion's lease, and an owner's slot's (a ZIP, a preview under way): renewed
   * while held; past it, another process may take it over.
   */
  LEASE_MS: intFrom(30_000, 500),
  /**
   * /readyz answers 503, the store "low on space", while the data folder's disk has less free:
   * room for the uploads and results that arrive before an operator can act.
   */
  STORE_MIN_FREE_MB: intFrom(1024, 0),
  /** Signs visitor cookies and upload URLs; generated once into DATA_DIR when unset. */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `pretty`: lines for people; `json`: a JSON object a line. Default: pretty on a terminal outside
   * production, else json.
   */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /**
   * Conversions traced at once by this process (worker threads). 0: none, an API process whose
   * conversions `npm run worker` processes trace (needs REDIS_URL).
   */
  TRACE_WORKERS: intFrom(availableParallelism(), 0),
  /** Previews drawn and EPS, PDF or DXF files written at once (worker threads); more wait in line. */
  PREVIEW_WORKERS: intFrom(1, 1),
  /**
   * A trace or file thread idle this long ends and gives its memory back (a 50-megapixel trace
   * leaves a gigabyte behind); the next one starts in a fraction of a second.
   */
  THREAD_IDLE_MS: intFrom(10_000, 100),
  /**
   * Conversions of one owner traced at once, in the whole deployment, so that one owner's costly
   * traces always leave a worker for everyone else. Default: one fewer than this process's
   * TRACE_WORKERS when it traces two or more at once; none otherwise (scaled out, set it to one
   * fewer than the traces all worker processes run at once).
   */
  OWNER_TRACES: intFrom(0, 0),
  /** A trace running longer is stopped and failed: the same image would take as long again. */
  TRACE_TIMEOUT_MS: intFrom(60_000, 1),
  /** Heap limit of each trace worker thread. */
  TRACE_MEMORY_MB: intFrom(2048, 64),
  /** Attempts before a conversion whose worker crashed is failed. */
  TRACE_MAX_ATTEMPTS: intFrom(3, 1),
  /**
   * Uploads and results are deleted this long after upload: an hour short of the promise
   * (RETENTION_HOURS), which this plus one SWEEP_INTERVAL_MS must keep.
   */
  RETENTION_MINUTES: intFrom((RETENTION_HOURS - 1) * 60, 1),
  SWEEP_INTERVAL_MS: intFrom(5 * 60_000, 100),
  /** How long SIGTERM waits for running traces before putting them back in the queue. */
  SHUTDOWN_GRACE_MS: intFrom(20_000, 0),
  REGISTER_LIMIT_PER_IP: intFrom(20, 1),
  /** Upload URLs one address may ask for per minute. */
  UPLOADS_PER_MINUTE: intFrom(60, 1),
  /** Conversions one address may start per minute (Pro accounts are not counted). */
  CONVERSIONS_PER_MINUTE: intFrom(60, 1),
  /** Quotas of each visitor and free account: generous for a person re-tuning an image. */
  QUOTA_TRACES_PER_MINUTE: intFrom(20, 1),
  QUOTA_TRACES_PER_HOUR: intFrom(300, 1),
  QUOTA_IMAGES_PER_HOUR: intFrom(30, 1),
  QUOTA_RESULTS_KEPT: intFrom(200, 1),
  /** Files each owner (Pro too) may have written in another format or size per minute, and ZIPs. */
  EXPORTS_PER_MINUTE: intFrom(60, 1),
  ZIPS_PER_MINUTE: intFrom(10, 1),
  /** Previews (whole or the viewer's regions) each owner may ask for per minute. */
  PREVIEWS_PER_MINUTE: intFrom(300, 1),
  /** Live calls of the developer API per key and minute (besides the owner's quotas). */
  API_CALLS_PER_MINUTE: intFrom(60, 1),
  /** Test-mode calls (free, marked results) per key and minute. */
  API_TEST_CALLS_PER_MINUTE: intFrom(10, 1),
  /**
   * Addresses and CIDR ranges an API call's image.url may reach although they are not public
   * (an image service inside your network), separated by commas. Public addresses need no entry.
   */
  IMAGE_URL_ALLOW: z
    .string()
    .default('')
    .refine((list) => {
      try {
        parseAllowance(list);
        return true;
      } catch {
        return false;
      }
    }, 'must be IP addresses or CIDR ranges separated by commas, such as 10.0.0.0/8,192.168.1.20'),
  /** How long reading an image.url may take, redirects included. */
  IMAGE_URL_TIMEOUT_MS: intFrom(10_000, 100),
  /** A request body must bring 64 KB within each such window, or it is ended with 408. */
  BODY_TIMEOUT_MS: intFrom(30_000, 100),
  /** Connections one address may hold open at once (not counted behind a proxy). */
  MAX_CONNECTIONS_PER_ADDRESS: intFrom(64, 1),
  /** Behind proxies: how many (a number) or which (addresses) may say the client's address. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .superRefine((value, ctx) => {
      try {
        parseTrustProxy(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  /** The built web app (apps/web/dist) that the server serves beside the API. */
  WEB_DIR: z.string().optional(),
  /** Stripe: all three keys turn real payments on; without them the sandbox runs (no real money). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_... or sk_live_...)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, 'must be a publishable key (starts with pk_), not a secret key')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a webhook signing secret (whsec_...)')
    .optional(),
  /** Another Stripe API address: only for a local test server (http is allowed on loopback only). */
  STRIPE_API_URL: z.url().optional(),
  /** Production takes no real payments only when this says so. */
  ALLOW_SANDBOX_PAYMENTS: z.enum(['true', 'false']).default('false'),
  /**
   * smtp://user:password@host:587 (STARTTLS when offered) or smtps://...:465: receipts are sent
   * there. Unset: they are kept in the outbox table (shown at /dev/outbox outside production) and logged.
   */
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\/[^/]/,
      'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example:587',
    )
    .optional(),
  /** The sender of receipts: an address, or a name and an address ("Vectrace <receipts@vectrace.example>"). */
  MAIL_FROM: z
    .string()
    .refine(
      (value) => /^[^<>@\s]+@[^<>@\s]+$|^[^<>]*<[^<>@\s]+@[^<>@\s]+>$/.test(value.trim()),
      'must be an e-mail address, or a name and an address in angle brackets (Vectrace <receipts@vectrace.example>)',
    )
    .optional(),
});

/** What one free owner (visitor or free account) may do; Pro is not capped but fair-queued. */
export interface Quotas {
  tracesPerMinute: number;
  tracesPerHour: number;
  imagesPerHour: number;
  /** Conversions waiting, tracing or completed and not yet deleted, at once. */
  resultsKept: number;
}

/**
 * Files written for one owner (Pro too) in a file worker: single downloads in another format or
 * size, the API's results, and ZIPs. Each owner also has EXPORTS_AT_ONCE exports and one ZIP
 * under way at most (features/limits/); the limits are enforced in limits/export-limits.ts.
 */
export interface ExportLimits {
  exportsPerMinute: number;
  zipsPerMinute: number;
  /** Previews asked for (drawn or cached); at most RENDERS_AT_ONCE_PER_OWNER drawn at once. */
  previewsPerMinute: number;
}

/** The server's configuration, read once from the environment. */
export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  /** Cookies get Secure and the __Host- prefix; HSTS is sent. */
  secureCookies: boolean;
  secret: string;
  logLevel: string;
  /** Lines for people (`pretty`) or a JSON object a line; unset: pretty on a terminal, not in production. */
  logFormat: 'pretty' | 'json' | undefined;
  /** The bearer token of GET /metrics; undefined: no /metrics. */
  metricsToken: string | undefined;
  /** Where uploads and results are kept: S3 when configured, else DATA_DIR/objects. */
  s3: S3Config | undefined;
  redis: { url: string; prefix: string } | undefined;
  leaseMs: number;
  /** Free bytes below which the store reports itself low on space (local disk only). */
  storeMinFreeBytes: number;
  healthPort: number | undefined;
  trace: { workers: number; ownerTraces: number; timeoutMs: number; memoryMb: number; maxAttempts: number };
  previewWorkers: number;
  threadIdleMs: number;
  retentionMs: number;
  sweepIntervalMs: number;
  shutdownGraceMs: number;
  registerLimitPerIp: number;
  uploadsPerMinute: number;
  conversionsPerMinute: number;
  quotas: Quotas;
  exportLimits: ExportLimits;
  api: {
    callsPerMinute: number;
    testCallsPerMinute: number;
    imageUrlAllow: AddressAllowance;
    imageUrlTimeoutMs: number;
  };
  bodyTimeoutMs: number;
  connectionsPerAddress: number;
  /** Proxies trusted to say the client's address in X-Forwarded-For (see trust-proxy.ts). */
  trustProxy: TrustProxy;
  webDir: string;
  payments: PaymentsConfig;
  /** Where mail goes: an SMTP server, or the outbox table (the embedded default); and its sender. */
  mail: { smtpUrl: string | undefined; from: string };
}

export interface S3Config {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/** Which payment provider runs: Stripe with its keys, or the built-in sandbox. */
export type PaymentsConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      /** A local Stripe-compatible server (tests); Stripe itself when unset. */
      apiUrl: URL | undefined;
    };

/** Every environment variable the server reads (.env.example lists them all). */
export const configVariables = Object.keys(envSchema.shape);

/** Reads and validates the environment; throws one error naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(problems.join('; '));
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    // Else the Host header, which any client sets, would decide upload and payment addresses.
    throw new ConfigError(
      'PUBLIC_URL: production needs the address people use, e.g. https://vectrace.example',
    );
  }
  if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.SESSION_SECRET) {
    // Every process must sign and check cookies and upload URLs with the same key.
    throw new ConfigError(
      'SESSION_SECRET: production on PostgreSQL runs several processes, which must share one secret (32+ characters, e.g. `openssl rand -base64 32`)',
    );
  }
  if (e.RETENTION_MINUTES * 60_000 + e.SWEEP_INTERVAL_MS > RETENTION_HOURS * 3_600_000) {
    // Every page promises it: the files are deleted by the sweep after their retention.
    throw new ConfigError(
      `RETENTION_MINUTES: files must be deleted within ${RETENTION_HOURS} hours of upload, as the pages promise; with a SWEEP_INTERVAL_MS of ${e.SWEEP_INTERVAL_MS}, at most ${Math.floor((RETENTION_HOURS * 3_600_000 - e.SWEEP_INTERVAL_MS) / 60_000)}`,
    );
  }
  if (e.TRACE_WORKERS === 0 && !e.REDIS_URL) {
    throw new ConfigError(
      'TRACE_WORKERS: 0 needs REDIS_URL, so that worker processes (npm run worker) trace the conversions',
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    secureCookies: e.NODE_ENV === 'production' || Boolean(e.PUBLIC_URL?.startsWith('https:')),
    secret: e.SESSION_SECRET ?? localSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    metricsToken: e.METRICS_TOKEN,
    s3: s3Config(e),
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    leaseMs: e.LEASE_MS,
    storeMinFreeBytes: e.STORE_MIN_FREE_MB * 1024 * 1024,
    healthPort: e.HEALTH_PORT,
    trace: {
      workers: e.TRACE_WORKERS,
      ownerTraces: e.OWNER_TRACES || (e.TRACE_WORKERS >= 2 ? e.TRACE_WORKERS - 1 : NO_OWNER_LIMIT),
      timeoutMs: e.TRACE_TIMEOUT_MS,
      memoryMb: e.TRACE_MEMORY_MB,
      maxAttempts: e.TRACE_MAX_ATTEMPTS,
    },
    previewWorkers: e.PREVIEW_WORKERS,
    threadIdleMs: e.THREAD_IDLE_MS,
    retentionMs: e.RETENTION_MINUTES * 60_000,
    sweepIntervalMs: e.SWEEP_INTERVAL_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    registerLimitPerIp: e.REGISTER_LIMIT_PER_IP,
    uploadsPerMinute: e.UPLOADS_PER_MINUTE,
    conversionsPerMinute: e.CONVERSIONS_PER_MINUTE,
    quotas: {
      tracesPerMinute: e.QUOTA_TRACES_PER_MINUTE,
      tracesPerHour: e.QUOTA_TRACES_PER_HOUR,
      imagesPerHour: e.QUOTA_IMAGES_PER_HOUR,
      resultsKept: e.QUOTA_RESULTS_KEPT,
    },
    exportLimits: {
      exportsPerMinute: e.EXPORTS_PER_MINUTE,
      zipsPerMinute: e.ZIPS_PER_MINUTE,
      previewsPerMinute: e.PREVIEWS_PER_MINUTE,
    },
    api: {
      callsPerMinute: e.API_CALLS_PER_MINUTE,
      testCallsPerMinute: e.API_TEST_CALLS_PER_MINUTE,
      imageUrlAllow: parseAllowance(e.IMAGE_URL_ALLOW),
      imageUrlTimeoutMs: e.IMAGE_URL_TIMEOUT_MS,
    },
    bodyTimeoutMs: e.BODY_TIMEOUT_MS,
    connectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDir: e.WEB_DIR ? resolve(e.WEB_DIR) : fileURLToPath(new URL('../../web/dist', import.meta.url)),
    payments: paymentsConfig(e),
    mail: {
      smtpUrl: e.SMTP_URL,
      // Receipts come from the site's own domain unless MAIL_FROM names another sender.
      from:
        e.MAIL_FROM?.trim() ??
        `Vectrace <receipts@${e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : 'localhost'}>`,
    },
  };
}

function s3Config(e: z.infer<typeof envSchema>): S3Config | undefined {
  if (!e.S3_BUCKET) {
    if (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY) {
      throw new ConfigError('S3_BUCKET: the other S3_ variables need the bucket to use');
    }
    return undefined;
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the machine's credentials",
    );
  }
  return {
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : Boolean(e.S3_ENDPOINT),
  };
}

const loopback = new Set(['127.0.0.1', 'localhost', '[::1]']);

function paymentsConfig(e: z.infer<typeof envSchema>): PaymentsConfig {
  const keys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (keys.every((key) => key === undefined)) {
    if (e.NODE_ENV === 'production' && e.ALLOW_SANDBOX_PAYMENTS !== 'true') {
      throw new ConfigError(
        'payments: production needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET (or ALLOW_SANDBOX_PAYMENTS=true to run without real payments)',
      );
    }
    return { provider: 'sandbox' };
  }
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_PUBLISHABLE_KEY || !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'payments: set all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or none of them for the sandbox',
    );
  }
  const apiUrl = e.STRIPE_API_URL ? new URL(e.STRIPE_API_URL) : undefined;
  if (apiUrl?.protocol === 'http:' && !loopback.has(apiUrl.hostname)) {
    throw new ConfigError('STRIPE_API_URL: http is allowed for a loopback test server only');
  }
  return {
    provider: 'stripe',
    secretKey: e.STRIPE_SECRET_KEY,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    apiUrl,
  };
}

// The embedded default keeps its secret beside its data, so restarts keep cookies and URLs valid.
function localSecret(dataDir: string): string {
  const file = join(dataDir, 'secret.key');
  const existing = readSecret(file);
  if (existing) return existing;
  // None yet, or a file cut short by a crash while it was written: (re)make it.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function readSecret(file: string): string | undefined {
  try {
    const secret = readFileSync(file, 'utf8').trim();
    return secret.length >= 32 ? secret : undefined;
  } catch {
    return undefined;
  }
}
