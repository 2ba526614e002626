import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { escapeHtml } from '../../mail/escape-html.js';
import { outboxMails } from '../../mail/outbox-transport.js';

// Links in a mail's text, clickable: the receipt's way back is what one comes here to open.
const withLinks = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const fromThisMachine = (address: string | undefined) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

/**
 * GET /dev/outbox, outside production and from this machine only: the mail kept instead of sent when no SMTP server is
 * configured, newest first, so that a receipt's link can be followed on a development machine.
 */
export async function outboxPage(app: FastifyInstance, deps: Deps): Promise<void> {
  if (deps.config.env === 'production') return;
  app.get('/dev/outbox', async (request, reply) => {
    // A receipt's link opens a paid download: only this machine may read them, even when a
    // development server is served to others (HOST=0.0.0.0).
    if (!fromThisMachine(request.socket.remoteAddress)) throw notFound('Page');
    const mails = await outboxMails(deps.db);
    const intro =
      deps.mail.kind === 'smtp'
        ? '<p>SMTP_URL is set: mail goes to that server and is not kept here.</p>'
        : '<p>No SMTP_URL is set: mail is kept here (and in the log) instead of being sent.</p>';
    const items = mails
      .map(
        (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p>To ${escapeHtml(mail.to)}, ${escapeHtml(mail.createdAt)}</p>
<pre>${withLinks(mail.text)}</pre>
</article>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Outbox (development)</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap;background:#f4f4f5;padding:1rem;border-radius:6px}article{border-top:1px solid #e4e4e7;margin-top:1.5rem}</style>
</head><body><main>
<h1>Outbox</h1>
${intro}
${items || '<p>No mail yet.</p>'}
</main></body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
}
