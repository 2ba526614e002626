import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_UPLOAD_BYTES } from '@vectrace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, vectorize } from './support/api.js';
import { logoPng } from './support/images.js';
import { spawnServer } from './support/process.js';
import { startTestServer, type TestServer } from './support/server.js';

/** The keys of the server's stored originals (its disk, or its bucket). */
async function storedUploads(server: TestServer): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of server.deps.store.list()) {
    if (object.key.startsWith('uploads/')) keys.push(object.key);
  }
  return keys;
}

const uploadRows = async (server: TestServer) =>
  Number(
    (
      await server.deps.db
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the developer API obeys the per-address cap, and a refused call keeps nothing', () => {
  let server: TestServer;
  let png: Buffer;
  beforeAll(async () => {
    server = await startTestServer({ env: { CONVERSIONS_PER_MINUTE: '5', QUOTA_TRACES_PER_MINUTE: '2' } });
    png = await logoPng(40);
  });
  afterAll(() => server?.stop());

  it('keys of several accounts from one address get 429 past the cap, and the refused calls store nothing', async () => {
    const accounts = [];
    for (let i = 0; i < 4; i++) accounts.push(await accountWithKey(server));
    const before = (await storedUploads(server)).length;
    const answers = [];
    // Two calls per account: within each owner's quota (2 a minute), so only the address stops them.
    for (const { secret } of accounts) {
      for (let i = 0; i < 2; i++)
        answers.push(await vectorize(server, secret, png, { mode: 'test', wait: '0' }));
    }
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 202 || s === 200)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    const refused = answers[7];
    expect(refused.json).toMatchObject({ code: 'rate_limited' });
    expect(refused.json.message).toMatch(
      /5 conversions were started from your address.*Try again in \d+ seconds?\./,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await storedUploads(server)).length - before, 'originals kept').toBe(5);

    // Pro is not capped by address, as on the site.
    const pro = await accountWithKey(server, { pro: true });
    expect((await vectorize(server, pro.secret, png, { mode: 'test', wait: '0' })).status).toBe(202);
  });

  it("a call refused by the owner's quota keeps no image and no upload", async () => {
    const fresh = await startTestServer({ env: { QUOTA_TRACES_PER_MINUTE: '2' } });
    try {
      const { secret } = await accountWithKey(fresh);
      for (let i = 0; i < 2; i++) {
        expect((await vectorize(fresh, secret, png, { mode: 'test', wait: '0' })).status).toBe(202);
      }
      const refused = await vectorize(fresh, secret, png, { mode: 'test', wait: '0' });
      expect(refused.status).toBe(429);
      expect(refused.json.message).toMatch(/started 2 conversions in the last minute/);
      expect(await storedUploads(fresh), 'originals in the store').toHaveLength(2);
      expect(await uploadRows(fresh), 'uploads recorded').toBe(2);
    } finally {
      await fresh.stop();
    }
  });
});

/** A POST of `total` bytes (`first`, filler, `last`) that stops sending once the answer comes, as a browser does. */
function postLarge(
  url: string,
  headers: Record<string, string>,
  first: Buffer,
  total: number,
  filler: Buffer,
  last: Buffer = Buffer.alloc(0),
): Promise<{ status: number; body: { code?: string; message?: string } }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-length': String(total) } });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString('utf8')) });
        req.destroy();
      });
      res.on('error', reject);
    });
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    let sent = 0;
    const push = () => {
      while (!answered && sent < total) {
        const left = total - sent;
        const chunk =
          sent === 0
            ? first
            : left <= last.length
              ? last
              : filler.subarray(0, Math.min(filler.length, left - last.length));
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', push);
      }
      if (sent >= total) req.end();
    };
    push();
  });
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

describe("a free key's live call is answered before its image is read", () => {
  it('60 concurrent 10 MB live calls from a free key: all 402, little memory, and the next is rate limited', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vectrace-live-'));
    const server = await spawnServer({ DATA_DIR: dataDir, TRACE_WORKERS: '1' });
    try {
      const { secret } = await accountWithKey({ url: server.url } as TestServer);
      const pid = server.child.pid as number;
      const filler = Buffer.alloc(64 * 1024, 7);
      const total = MAX_UPLOAD_BYTES - 1024;
      const boundary = 'vectrace-boundary';
      const auth = { authorization: `Bearer ${secret}` };
      const form = { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` };
      const filePart = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
      const modeField = `--${boundary}\r\nContent-Disposition: form-data; name="mode"\r\n\r\nlive\r\n`;
      const end = Buffer.from(`\r\n--${boundary}--\r\n`);
      const calls = [
        // The mode in the query string, the image in a form.
        () =>
          postLarge(
            `${server.url}/api/v1/vectorize?mode=live`,
            form,
            Buffer.from(filePart),
            total,
            filler,
            end,
          ),
        // The image as the whole body, no mode: live is the default.
        () =>
          postLarge(
            `${server.url}/api/v1/vectorize`,
            { ...auth, 'content-type': 'image/png' },
            filler,
            total,
            filler,
          ),
        // mode=live as a form field before the image.
        () =>
          postLarge(
            `${server.url}/api/v1/vectorize`,
            form,
            Buffer.from(modeField + filePart),
            total,
            filler,
            end,
          ),
      ];
      const before = rssMb(pid);
      let peak = before;
      const watch = setInterval(() => {
        peak = Math.max(peak, rssMb(pid));
      }, 20);
      const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => calls[i % 3]()));
      clearInterval(watch);
      peak = Math.max(peak, rssMb(pid));
      console.log(
        `60 refused 10 MB live calls: server RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB`,
      );
      expect(answers.map((a) => a.status)).toEqual(Array(60).fill(402));
      expect(answers[0].body).toMatchObject({ code: 'plan_required' });
      expect(answers[0].body.message).toMatch(/Use mode=test/);
      expect(peak - before, 'server memory grown (MB)').toBeLessThan(100);

      // They were counted as the key's live calls: the 61st is refused as over the limit.
      const next = await calls[0]();
      expect(next.status).toBe(429);
      expect(next.body.code).toBe('rate_limited');
      // And the server still serves.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
