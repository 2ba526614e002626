import nodemailer from 'nodemailer';
import type { MailTransport } from './mailer.js';

/**
 * Mail through the SMTP server at `url` (smtp:// upgrades with STARTTLS when the server offers it,
 * smtps:// is TLS from the start). Time limits keep a silent server from holding a mail for minutes.
 */
export function smtpTransport(url: string, from: string): MailTransport {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      const sent = await transport.sendMail({ from, ...mail });
      return { messageId: sent.messageId };
    },
    async close() {
      transport.close();
    },
  };
}
