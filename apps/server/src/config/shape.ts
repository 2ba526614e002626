import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RETENTION_HOURS } from '@vectrace/contract';
import { type AddressAllowance, parseAllowance } from '../public-address.js';
import { parseTrustProxy, type TrustProxy } from '../trust-proxy.js';
import { ConfigError, type Environment } from './read.js';
import { localSecret } from './secrets.js';

// The second step: the settings checked against each other, and the configuration the server
// runs with derived from them.

/** OWNER_TRACES when none is set and none is implied: more than any deployment traces at once. */
const NO_OWNER_LIMIT = 1_000_000;

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

/** The configuration the environment makes; throws when its settings cannot work together. */
export function shapeConfig(e: Environment): Config {
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
    webDir: e.WEB_DIR ? resolve(e.WEB_DIR) : fileURLToPath(new URL('../../../web/dist', import.meta.url)),
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

function s3Config(e: Environment): S3Config | undefined {
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

function paymentsConfig(e: Environment): PaymentsConfig {
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
