import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { type Mailer, type MailLog, mailerOver } from './mailer.js';
import { outboxTransport } from './outbox-transport.js';
import { smtpTransport } from './smtp-transport.js';

/** The mailer the configuration chooses: SMTP when SMTP_URL is set, else the outbox table. */
export function openMailer(config: Config, db: Db, clock: Clock, log: MailLog): Mailer {
  const transport = config.mail.smtpUrl
    ? smtpTransport(config.mail.smtpUrl, config.mail.from)
    : outboxTransport(db, clock, config.env === 'production');
  return mailerOver(transport, log);
}
