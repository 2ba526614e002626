import { readdir, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';

/** What a raw PUT saw: the answer (if one came) and how many body bytes the socket took. */
export interface RawPutResult {
  status: number | undefined;
  body: { message?: string; objectPath?: string } | undefined;
  /** Body bytes handed to the socket before the writer stopped. */
  sent: number;
  /** Why the writer stopped: all sent, the server answered, stopped taking bytes, or closed. */
  stopped: 'complete' | 'answered' | 'stalled' | 'closed';
}

/**
 * PUTs `total` bytes to a signed URL, 64 KiB at a time, with a declared Content-Length or chunked
 * without one. `first` is the start of the body (e.g. a PNG signature), the rest is filler.
 * Like a browser it stops sending once the answer's headers arrive; with `ignoreAnswer` it keeps
 * pushing until the server closes the connection or, having answered, stops taking bytes (no
 * `drain` for `stallMs`): that shows how much of an oversized body the server reads.
 */
export function rawPut(
  url: string,
  total: number,
  options: { chunked?: boolean; first?: Uint8Array; ignoreAnswer?: boolean; stallMs?: number } = {},
): Promise<RawPutResult> {
  const chunkSize = 64 * 1024;
  const headers: Record<string, string> = { 'content-type': 'image/png' };
  if (options.chunked) headers['transfer-encoding'] = 'chunked';
  else headers['content-length'] = String(total);

  const req = request(url, { method: 'PUT', headers });
  let status: number | undefined;
  let body: RawPutResult['body'];
  let headersIn = false;
  let closed = false;
  const events = new EventTarget();
  const signal = () => events.dispatchEvent(new Event('change'));

  const answered = new Promise<void>((resolve) => {
    req.on('response', (res) => {
      status = res.statusCode;
      headersIn = true;
      signal();
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('error', () => resolve());
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        try {
          body = JSON.parse(text);
        } catch {
          body = { message: text };
        }
        resolve();
      });
    });
  });
  const ended = new Promise<void>((resolve) => {
    // After the answer, a server that stops reading closes the socket: EPIPE or ECONNRESET here.
    req.on('error', () => undefined);
    req.on('close', () => {
      closed = true;
      signal();
      resolve();
    });
  });

  /**
   * Resolves true on `drain`; false once the writer should stop: the connection closed, the answer
   * came (unless ignored), or, with the answer in, the server took no more bytes for `stallMs`.
   * Without an answer it keeps waiting (a slow server is not a stalled one), up to 20 s.
   */
  const drainOrStop = () =>
    new Promise<boolean>((resolve) => {
      let stall: NodeJS.Timeout | undefined;
      const done = (drained: boolean) => {
        clearTimeout(stall);
        clearTimeout(cap);
        req.off('drain', onDrain);
        events.removeEventListener('change', check);
        resolve(drained);
      };
      const onDrain = () => done(true);
      const check = () => {
        if (closed || (headersIn && !options.ignoreAnswer)) done(false);
        else if (headersIn && !stall) stall = setTimeout(() => done(false), options.stallMs ?? 1_000);
      };
      const cap = setTimeout(() => done(false), 20_000);
      req.on('drain', onDrain);
      events.addEventListener('change', check);
      check();
    });

  return (async (): Promise<RawPutResult> => {
    const filler = Buffer.alloc(chunkSize, 0x41);
    let sent = 0;
    let stopped: RawPutResult['stopped'] = 'complete';
    while (sent < total) {
      if (closed) {
        stopped = 'closed';
        break;
      }
      if (headersIn && !options.ignoreAnswer) {
        stopped = 'answered';
        break;
      }
      const chunk = Buffer.from(filler.subarray(0, Math.min(chunkSize, total - sent)));
      if (sent === 0 && options.first) chunk.set(options.first.subarray(0, chunk.length));
      const flushed = req.write(chunk);
      sent += chunk.length;
      if (!flushed && !(await drainOrStop())) {
        stopped = closed ? 'closed' : headersIn && !options.ignoreAnswer ? 'answered' : 'stalled';
        break;
      }
    }
    if (stopped === 'complete') req.end();
    // Wait for the answer (or the connection's end), at most 10 s.
    await Promise.race([answered, ended, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (!closed) req.destroy();
    await ended;
    return { status, body, sent, stopped };
  })();
}

/** Every regular file under a folder, with its size. */
export async function filesUnder(dir: string): Promise<{ path: string; size: number }[]> {
  const out: { path: string; size: number }[] = [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else if (entry.isFile()) out.push({ path, size: (await stat(path)).size });
  }
  return out;
}

/** Total bytes of the files under a folder. */
export async function folderSize(dir: string): Promise<number> {
  return (await filesUnder(dir)).reduce((sum, file) => sum + file.size, 0);
}
