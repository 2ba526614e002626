import { availableParallelism } from 'node:os';
import { RETENTION_HOURS } from '@vectrace/contract';
import { z } from 'zod';
import { parseAllowance } from '../public-address.js';
import { parseTrustProxy } from '../trust-proxy.js';

// The first step of the configuration: the environment read, each variable turned from a string
// into a typed value with its default. This is the only file that reads the environment.

/** A setting that cannot work: its message names the variable and says why, in one line. */
export class ConfigError extends Error {
  constructor(problem: string) {
    super(`Invalid configuration: ${problem}`);
  }
}

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

/** The environment as read: every variable typed, with its default when unset. */
export type Environment = z.infer<typeof envSchema>;

/** Every environment variable the server reads (.env.example lists them all). */
export const configVariables = Object.keys(envSchema.shape);

/** Reads and types the environment; throws one error naming every bad variable. */
export function readEnvironment(env: NodeJS.ProcessEnv = process.env): Environment {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(problems.join('; '));
  }
  return parsed.data;
}
