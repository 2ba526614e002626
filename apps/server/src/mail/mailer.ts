/** A mail to one person: plain text, and the same in HTML for mail programs that show it. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where the server's logs go; the mailer says there what became of each mail. */
export type MailLog = (level: 'info' | 'error', entry: Record<string, unknown>, message: string) => void;

/** One way mail leaves: an SMTP server, or the outbox table. `send` throws when it fails. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Sends the mail; resolves with what the log should add about it. */
  send(mail: Mail): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/**
 * Sends mail through the transport chosen at start-up (SMTP_URL, else the outbox table). Mail is
 * news about work already done (a payment): it is written and sent beside the request, a failure
 * is logged and never reaches the work, and shutdown waits for the mail under way.
 */
export interface Mailer {
  readonly kind: MailTransport['kind'];
  /** Writes the mail (null: nothing to send) and sends it, in the background. */
  deliver(compose: () => Promise<Mail | null>): void;
  /** Waits for the mail under way, then closes the transport. */
  close(): Promise<void>;
}

export function mailerOver(transport: MailTransport, log: MailLog): Mailer {
  const underWay = new Set<Promise<void>>();
  const run = async (compose: () => Promise<Mail | null>) => {
    let mail: Mail | null = null;
    try {
      mail = await compose();
      if (!mail) return;
      const details = await transport.send(mail);
      log('info', { to: mail.to, subject: mail.subject, via: transport.kind, ...details }, 'mail sent');
    } catch (err) {
      log('error', { err, to: mail?.to, subject: mail?.subject, via: transport.kind }, 'mail not sent');
    }
  };
  return {
    kind: transport.kind,
    deliver(compose) {
      const delivery = run(compose).finally(() => underWay.delete(delivery));
      underWay.add(delivery);
    },
    async close() {
      await Promise.all(underWay);
      await transport.close();
    },
  };
}
