import { downloadLabels, formatPrice, listInWords, plans } from '@vectrace/contract';
import { escapeHtml } from '../../mail/escape-html.js';
import type { Mail } from '../../mail/mailer.js';

/** What a receipt says: the purchase, when it was paid, and the link back to it. */
export interface ReceiptFacts {
  to: string;
  fileName: string;
  /** ISO-8601. */
  paidAt: string;
  /** When the files are deleted, ISO-8601: the link works until then. */
  expiresAt: string;
  paymentId: string | null;
  link: string;
}

// Dates in words, in UTC: a receipt is read anywhere, and the time zone is named.
const inWords = (iso: string) =>
  `${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC`;

/** The receipt of a $1 conversion, in plain text and HTML. */
export function receiptMail(facts: ReceiptFacts): Mail {
  const plan = plans['pay-per-use'];
  const price = formatPrice(plan.priceCents);
  const lines: [string, string][] = [
    ['Image', facts.fileName],
    ['Bought', `${plan.title}, with ${listInWords(downloadLabels)} downloads of this image`],
    ['Price', price],
    ['Paid', inWords(facts.paidAt)],
    ...(facts.paymentId ? [['Payment reference', facts.paymentId] as [string, string]] : []),
  ];
  const keep = `The link opens the conversion in any browser, ready to download, until its files are deleted on ${inWords(facts.expiresAt)}. Anyone who has the link can download the file, so keep it to yourself.`;
  const end = `${facts.link}&end=1`;
  const ending =
    'Shared it by mistake? End the link here: it stops opening the file everywhere, and the converter gives you a new one.';
  const text = [
    'Thank you for your purchase.',
    '',
    ...lines.map(([label, value]) => `${label}: ${value}`),
    '',
    'Find your file again from any browser:',
    facts.link,
    '',
    keep,
    '',
    ending,
    end,
    '',
    'Vectrace',
  ].join('\n');
  const rows = lines
    .map(
      ([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html><body>
<p>Thank you for your purchase.</p>
<table cellpadding="4">${rows}</table>
<p><a href="${escapeHtml(facts.link)}">Find your file again from any browser</a><br>${escapeHtml(facts.link)}</p>
<p>${escapeHtml(keep)}</p>
<p>${escapeHtml(ending)}<br><a href="${escapeHtml(end)}">End this link</a></p>
<p>Vectrace</p>
</body></html>`;
  return { to: facts.to, subject: `Your Vectrace receipt: ${facts.fileName} (${price})`, text, html };
}
