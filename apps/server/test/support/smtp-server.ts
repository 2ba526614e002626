import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** A mail as the SMTP server received it, its text and HTML parts decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** The SMTP server process of the test's own (smtp-sink.mjs), and the mail it has received. */
export interface SmtpServer {
  /** smtp://127.0.0.1:{port}, for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** The first mail to `to` that arrives (or has arrived); fails after `timeoutMs`. */
  mailTo(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<SmtpServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    [fileURLToPath(new URL('./smtp-sink.mjs', import.meta.url))],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const mails: ReceivedMail[] = [];
  const waiting = new Set<() => void>();
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the SMTP server exited (${code})`)));
    lines.on('line', (line) => {
      const listening = /^listening (\d+)$/.exec(line);
      if (listening) return resolve(Number(listening[1]));
      const { from, to, data } = JSON.parse(line) as { from: string; to: string[]; data: string };
      mails.push({ from, to, ...readMessage(data) });
      for (const wake of waiting) wake();
    });
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailTo(to, timeoutMs = 10_000) {
      const find = () => mails.find((mail) => mail.to.includes(to));
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = find();
          if (!mail) return;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no mail to ${to} arrived`));
        }, timeoutMs);
        waiting.add(check);
        check();
      });
    },
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// A mail's MIME structure (RFC 2045/2046), as far as a receipt needs: headers unfolded, the
// text/plain and text/html parts found in nested multiparts, quoted-printable or base64 decoded.
function readMessage(raw: string): { subject: string; text: string; html: string } {
  const found = { subject: '', text: '', html: '' };
  const visit = (entity: string, top: boolean) => {
    const split = entity.indexOf('\r\n\r\n');
    const headers = headersOf(split < 0 ? entity : entity.slice(0, split));
    const body = split < 0 ? '' : entity.slice(split + 4);
    if (top) found.subject = headers.get('subject') ?? '';
    const type = headers.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const parts = body.split(`--${boundary}`).slice(1);
      for (const part of parts) {
        if (part.startsWith('--')) break;
        visit(part.replace(/^\r\n/, ''), false);
      }
      return;
    }
    const decoded = decode(body, headers.get('content-transfer-encoding') ?? '7bit');
    if (/^text\/plain/i.test(type)) found.text = decoded;
    if (/^text\/html/i.test(type)) found.html = decoded;
  };
  visit(raw, true);
  return found;
}

function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decode(body: string, encoding: string): string {
  const trimmed = body.replace(/\r\n$/, '');
  if (/^base64$/i.test(encoding)) return Buffer.from(trimmed.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/^quoted-printable$/i.test(encoding)) {
    const bytes = trimmed
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return trimmed;
}
