import type { Redis } from 'ioredis';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import type { CookieSettings } from './features/auth/cookies.js';
import type { OwnerSlots } from './features/owner-slots.js';
import type { FileWorkers } from './features/results/file-workers.js';
import type { Mailer } from './mail/mailer.js';
import type { Metrics } from './metrics.js';
import type { PaymentProvider } from './payments/payment-provider.js';
import type { SandboxPayments } from './payments/sandbox-provider.js';
import type { JobQueue } from './queue/job-queue.js';
import type { ObjectStore } from './storage/object-store.js';

/** What the routes work with, built once at start-up. */
export interface Deps {
  config: Config;
  db: Db;
  store: ObjectStore;
  queue: JobQueue;
  /** Shared counters of a scaled-out deployment (rate limits); undefined: this process counts. */
  redis: Redis | undefined;
  /** What each owner has under way at once (renders, streams, ZIPs), across processes with Redis. */
  slots: OwnerSlots;
  clock: Clock;
  cookies: CookieSettings;
  payments: PaymentProvider;
  /** The sandbox's stand-ins for Stripe's pages, when the sandbox is the provider. */
  sandbox: SandboxPayments | undefined;
  /** Worker threads for previews and exports of finished results. */
  files: FileWorkers;
  /** What this process measures, for GET /metrics. */
  metrics: Metrics;
  /** Receipts go out through it: SMTP, or the outbox table. */
  mail: Mailer;
}
