import type { Generated } from 'kysely';

// Column names follow the spec (section 3). Timestamps are ISO-8601 strings on both dialects
// (text in SQLite, timestamptz in PostgreSQL read back as text); JSON is read back as text.

export interface UsersTable {
  id: string;
  username: string;
  /** Lower-cased username: names are unique whatever their case. */
  usernameKey: string;
  /** argon2id hash. */
  password: string;
  /** The account's address; a placeholder that is no address when `unclaimedEmail` is set. */
  email: string;
  /** The address typed at sign-up when it was already another account's: shown, never mailed. */
  unclaimedEmail: Generated<string | null>;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  /** The subscription's status at the provider, as last read (active, past_due, canceled...). */
  subscriptionStatus: string | null;
  /** The user's latest Pro checkout: expired when another starts, so only one can be paid. */
  checkoutSessionId: string | null;
  /** End of the subscription's current period: the renewal date, or when a cancelled Pro ends. */
  subscriptionPeriodEnd: string | null;
  /** 1 once cancelled: Pro lasts until subscriptionPeriodEnd and does not renew. */
  subscriptionCancelAtPeriodEnd: Generated<number>;
  planType: Generated<string>;
  conversionsUsed: Generated<number>;
  conversionsLimit: Generated<number>;
  createdAt: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token: a leaked table does not leak sessions. */
  id: string;
  userId: string;
  createdAt: string;
  lastSeenAt: string;
  /** Absolute end, whatever the activity. */
  expiresAt: string;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  usernameKey: string;
  ip: string;
  createdAt: string;
}

export interface UploadsTable {
  id: string;
  userId: string | null;
  visitorId: string | null;
  createdAt: string;
  /** Set when the signed PUT starts: each URL is used once. */
  claimedAt: string | null;
  /** Set when the bytes are stored. */
  size: number | null;
  deletedAt: string | null;
  /** Set when a conversion of it is paid for: every conversion of this upload downloads. */
  paidAt: string | null;
  /** How many times its receipt links were ended: links signed with an older count answer 410. */
  linkGeneration: Generated<number>;
}

export interface ConversionsTable {
  id: string;
  userId: string | null;
  visitorId: string | null;
  uploadId: string;
  originalFileName: string;
  originalFileUrl: string;
  vectorFileUrl: string | null;
  status: string;
  paymentStatus: Generated<string>;
  paymentId: string | null;
  settings: string;
  errorMessage: string | null;
  /** The worker's stage while processing (reading, tracing, saving); null otherwise. */
  stage: string | null;
  vectorCount: number | null;
  fileSize: number | null;
  notice: string | null;
  /** How the image was read, in words (null before it was traced, and for older results). */
  reading: Generated<string | null>;
  /** The mode the result was traced in, bw, color or pixel (null before, and for older results). */
  tracedMode: Generated<string | null>;
  /** Where the preview's watermark is fixed, "x y" in the result's units (null for older results). */
  markAnchor: Generated<string | null>;
  /** Higher goes first: Pro conversions. */
  priority: Generated<number>;
  /** The developer API's output options (mode, format, size...), as JSON: the job's resultUrl keeps them. */
  resultOptions: Generated<string | null>;
  attempts: Generated<number>;
  /** The fair queue's turn: how many of the owner's conversions were queued or tracing at creation. */
  queueRound: Generated<number>;
  processingStartedAt: string | null;
  /** The claim of the attempt tracing it: only that attempt may record its outcome. */
  claimedBy: string | null;
  /** The claim's lease, renewed while it traces; past it, the conversion may be taken back. */
  leaseExpiresAt: string | null;
  /** A pending conversion put back after a failed attempt is not claimed before this time. */
  retryAt: string | null;
  completedAt: string | null;
  paidAt: string | null;
  /** When its files are deleted: the upload's time plus the retention period. */
  expiresAt: string;
  /** Set by the sweeper once the files are deleted (or being deleted). */
  expiredAt: string | null;
  createdAt: string;
}

/** Provider events already applied: each is applied once (RELIABILITY check 6). */
export interface PaymentEventsTable {
  id: string;
  type: string;
  createdAt: string;
}

/** The sandbox provider's payment intents, sessions, customers and subscriptions, as JSON. */
export interface SandboxObjectsTable {
  id: string;
  object: string;
  /** The customer an object belongs to, to find a customer's subscription. */
  customer: string | null;
  data: string;
  createdAt: string;
}

export interface SandboxIdempotencyKeysTable {
  key: string;
  objectId: string;
}

/** A chore one process does at a time (the sweep): held until expiresAt, renewed by its holder. */
export interface LocksTable {
  name: string;
  holder: string;
  expiresAt: string;
}

/** A key of the developer API. */
export interface ApiKeysTable {
  id: string;
  userId: string;
  name: string;
  /** The key's first characters, shown to tell keys apart. */
  prefix: string;
  /** SHA-256 of the whole key: a leaked table does not leak keys. */
  hash: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A POST of the developer API with an Idempotency-Key, and the job it made. */
export interface IdempotencyKeysTable {
  userId: string;
  key: string;
  /** SHA-256 of the image and the options: the same key with another request is refused. */
  fingerprint: string;
  /** Null while the first attempt is still making the job. */
  conversionId: string | null;
  createdAt: string;
}

/** Where a conversion's receipt goes, asked at checkout; sent once, when the payment is fulfilled. */
export interface ReceiptsTable {
  conversionId: string;
  /** The visitor's address; null: the account's e-mail for a signed-in buyer, else no mail. */
  email: string | null;
  /** The address the buyer used, for the receipt's link when PUBLIC_URL is unset. */
  origin: string;
  createdAt: string;
  /** Set by the one process that sends it. */
  sentAt: string | null;
}

/** An upload a receipt link brought back to another owner, who may then see and download it. */
export interface RestoredUploadsTable {
  uploadId: string;
  /** `user:{id}` or `visitor:{id}` (ownerKeyOf). */
  owner: string;
  createdAt: string;
}

/** Mail kept instead of sent when no SMTP server is configured (the embedded default). */
export interface OutboxTable {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** When the account's owner was last e-mailed a link letting a new browser sign in. */
export interface UnlockMailsTable {
  usernameKey: string;
  sentAt: string;
}

export interface Database {
  users: UsersTable;
  apiKeys: ApiKeysTable;
  idempotencyKeys: IdempotencyKeysTable;
  sessions: SessionsTable;
  loginFailures: LoginFailuresTable;
  uploads: UploadsTable;
  conversions: ConversionsTable;
  paymentEvents: PaymentEventsTable;
  sandboxObjects: SandboxObjectsTable;
  sandboxIdempotencyKeys: SandboxIdempotencyKeysTable;
  locks: LocksTable;
  receipts: ReceiptsTable;
  restoredUploads: RestoredUploadsTable;
  outbox: OutboxTable;
  unlockMails: UnlockMailsTable;
}
