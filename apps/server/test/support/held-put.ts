import { request } from 'node:http';

/** A PUT whose body is sent in two parts: the first at once, the rest when the test says. */
export interface HeldPut {
  /** Sends the rest of the body; the answer. */
  finish(): Promise<{ status: number; body: { message?: string; objectPath?: string } }>;
  /** Drops the connection mid-body, as a closed tab or a lost network does. */
  abort(): void;
}

export function heldPut(url: string, bytes: Uint8Array, splitAt: number): HeldPut {
  const req = request(url, {
    method: 'PUT',
    headers: { 'content-type': 'image/png', 'content-length': String(bytes.length) },
  });
  const answer = new Promise<{ status: number; body: { message?: string; objectPath?: string } }>(
    (resolve, reject) => {
      req.on('response', (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8');
          let body = {};
          try {
            body = JSON.parse(text);
          } catch {
            body = { message: text };
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      req.on('error', reject);
    },
  );
  // A connection the server drops (its process killed) is the test's business, not an unhandled error.
  answer.catch(() => {});
  req.write(bytes.subarray(0, splitAt));
  return {
    finish() {
      req.end(bytes.subarray(splitAt));
      return answer;
    },
    abort() {
      req.destroy();
    },
  };
}
