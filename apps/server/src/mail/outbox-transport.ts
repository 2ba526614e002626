import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import type { MailTransport } from './mailer.js';

/**
 * Without an SMTP server, mail is kept in the outbox table, which every process of a deployment
 * shares, and written to the log. Outside production /dev/outbox shows it; in production the log
 * names the mail but leaves its text out: a receipt's link opens a purchase.
 */
export function outboxTransport(db: Db, clock: Clock, production: boolean): MailTransport {
  return {
    kind: 'outbox',
    async send(mail) {
      await db
        .insertInto('outbox')
        .values({
          id: randomUUID(),
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          createdAt: clock().toISOString(),
        })
        .execute();
      return production ? {} : { text: mail.text };
    },
    async close() {},
  };
}

/** The newest mails of the outbox, for the development page. */
export function outboxMails(db: Db, limit = 50) {
  return db
    .selectFrom('outbox')
    .selectAll()
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}
