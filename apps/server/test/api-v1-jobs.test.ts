import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, answer, apiGet, vectorize } from './support/api.js';
import { logoPng } from './support/images.js';
import { startTestServer, type TestServer } from './support/server.js';

const call = (server: TestServer, secret: string, method: string, path: string) =>
  fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${secret}` } }).then(answer);

describe('API jobs: PNG results, options kept, lists, deletion, the account, retries', () => {
  let server: TestServer;
  let logo: Buffer;
  let pro: Awaited<ReturnType<typeof accountWithKey>>;

  beforeAll(async () => {
    server = await startTestServer({ env: { QUOTA_TRACES_PER_MINUTE: '50' } });
    logo = await logoPng(160);
    pro = await accountWithKey(server, { pro: true });
  });
  afterAll(() => server?.stop());

  it('draws a PNG at the asked width, transparent or on a background', async () => {
    const clear = await vectorize(server, pro.secret, logo, { format: 'png', width: '320', wait: '30' });
    expect(clear.status).toBe(200);
    expect(clear.headers.get('content-type')).toBe('image/png');
    expect(clear.headers.get('content-disposition')).toBe('attachment; filename="logo-320px.png"');
    const meta = await sharp(clear.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([320, 320]);
    const corner = await sharp(clear.bytes)
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect(corner[3]).toBe(0);
    const onRed = await vectorize(server, pro.secret, logo, {
      format: 'png',
      background: '#ff0000',
      wait: '30',
    });
    const [r, g, b, a] = await sharp(onRed.bytes)
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect([r, g, b, a]).toEqual([255, 0, 0, 255]);
    const tooWide = await vectorize(server, pro.secret, logo, { format: 'png', width: '9000' });
    expect(tooWide.status).toBe(400);
    expect(tooWide.json.message).toContain('at most 8192 px');
  });

  it('keeps every asked output option in the job it answers and in its resultUrl', async () => {
    const slow = await vectorize(server, pro.secret, logo, {
      format: 'pdf',
      width: '50',
      unit: 'mm',
      wait: '0',
    });
    expect(slow.status).toBe(202);
    expect(slow.headers.get('location')).toContain('format=pdf&width=50&unit=mm');
    let job = slow.json;
    for (let i = 0; i < 100 && job.status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await apiGet(server, pro.secret, slow.headers.get('location') as string)).json;
    }
    expect(job.resultUrl).toBe(`/api/v1/jobs/${job.id}/result?mode=live&format=pdf&width=50&unit=mm`);
    // The job remembers them: polling it bare, or listing it, gives the same resultUrl.
    expect((await apiGet(server, pro.secret, `/api/v1/jobs/${job.id}`)).json.resultUrl).toBe(job.resultUrl);
    const listed = (await apiGet(server, pro.secret, '/api/v1/jobs')).json.jobs;
    expect(listed.find((j: { id: string }) => j.id === job.id).resultUrl).toBe(job.resultUrl);
    const result = await apiGet(server, pro.secret, job.resultUrl);
    expect(result.headers.get('content-type')).toBe('application/pdf');
    // 50 mm is 141.7 points: the page says so.
    expect(Buffer.from(result.bytes).toString('latin1')).toMatch(/MediaBox \[0 0 141\.7/);
    const png = await apiGet(server, pro.secret, `/api/v1/jobs/${job.id}?format=png&background=%23ffffff`);
    expect(png.json.resultUrl).toContain('format=png&background=%23ffffff');
    const tooWide = await apiGet(server, pro.secret, `/api/v1/jobs/${job.id}/result?width=1e300`);
    expect(tooWide.status).toBe(400);
    expect(tooWide.json.message).toBe('width must be at most 20000 px');
    // Once a 0 x 0 point PDF page, answered 200.
    const tooNarrow = await apiGet(
      server,
      pro.secret,
      `/api/v1/jobs/${job.id}/result?format=pdf&width=1e-300`,
    );
    expect(tooNarrow.status).toBe(400);
    expect(tooNarrow.json.message).toBe('width must be at least 1 px');
    const widePng = await apiGet(server, pro.secret, `/api/v1/jobs/${job.id}/result?format=png&width=19000`);
    expect(widePng.status).toBe(400);
    expect(widePng.json.message).toMatch(/^A PNG can be at most \d+ px wide$/);
  });

  it('lists the account’s jobs a page at a time, newest first', async () => {
    const account = await accountWithKey(server, { pro: true });
    const ids: string[] = [];
    // wait=0: each answers 202 with its job at once.
    for (let i = 0; i < 3; i++)
      ids.push((await vectorize(server, account.secret, logo, { wait: '0' })).json.id);
    const first = await apiGet(server, account.secret, '/api/v1/jobs?limit=2');
    expect(first.status).toBe(200);
    expect(first.json.jobs.map((job: { id: string }) => job.id)).toEqual([ids[2], ids[1]]);
    expect(first.headers.get('link')).toBe(`<${first.json.next}>; rel="next"`);
    const second = await apiGet(server, account.secret, first.json.next);
    expect(second.json.jobs.map((job: { id: string }) => job.id)).toEqual([ids[0]]);
    expect(second.json.next).toBeNull();
    // Another account sees none of them.
    const other = await accountWithKey(server, { pro: true });
    expect((await apiGet(server, other.secret, '/api/v1/jobs')).json.jobs).toEqual([]);
  });

  it('deletes a job’s files at once, and only its owner can', async () => {
    const done = await vectorize(server, pro.secret, logo, { wait: '30' });
    const id = done.headers.get('x-job-id') as string;
    const other = await accountWithKey(server, { pro: true });
    expect((await call(server, other.secret, 'DELETE', `/api/v1/jobs/${id}`)).status).toBe(404);
    const deleted = await call(server, pro.secret, 'DELETE', `/api/v1/jobs/${id}`);
    expect(deleted.status).toBe(204);
    expect(await server.deps.store.read(`vectors/${id}.svg`).catch(() => 'gone')).toBe('gone');
    const job = (await apiGet(server, pro.secret, `/api/v1/jobs/${id}`)).json;
    expect(job.deleted).toBe(true);
    const result = await apiGet(server, pro.secret, `/api/v1/jobs/${id}/result`);
    expect(result.status).toBe(410);
    expect(result.json.code).toBe('gone');
  });

  it('tells the plan, the limits and what is left of them', async () => {
    const free = await accountWithKey(server);
    await vectorize(server, free.secret, logo, { mode: 'test' });
    const account = await apiGet(server, free.secret, '/api/v1/account');
    expect(account.status).toBe(200);
    expect(account.json).toMatchObject({
      username: free.username,
      plan: 'free',
      perKeyPerMinute: { live: 60, test: 10, reads: 600 },
      quotas: {
        tracesThisMinute: { limit: 50, used: 1, remaining: 49 },
        imagesThisHour: { limit: 30, used: 1, remaining: 29 },
      },
    });
    const proAccount = await apiGet(server, pro.secret, '/api/v1/account');
    expect(proAccount.json.plan).toBe('pro');
    expect(proAccount.json.quotas.tracesThisHour.limit).toBeNull();
  });

  it('makes one job of a request retried with the same Idempotency-Key, even at once', async () => {
    const account = await accountWithKey(server, { pro: true });
    const send = (key: string, format = 'svg') => {
      const form = new FormData();
      form.set('image', new Blob([logo], { type: 'image/png' }), 'logo.png');
      form.set('format', format);
      form.set('wait', '30');
      return fetch(`${server.url}/api/v1/vectorize`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.secret}`, 'idempotency-key': key },
        body: form,
      }).then(answer);
    };
    const [a, b] = await Promise.all([send('order-1'), send('order-1')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.headers.get('x-job-id')).toBe(b.headers.get('x-job-id'));
    const again = await send('order-1');
    expect(again.headers.get('x-job-id')).toBe(a.headers.get('x-job-id'));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await apiGet(server, account.secret, '/api/v1/jobs')).json.jobs).toHaveLength(1);
    const reused = await send('order-1', 'pdf');
    expect(reused.status).toBe(422);
    expect(reused.json.code).toBe('idempotency_key_reused');
    const fresh = await send('order-2');
    expect(fresh.headers.get('x-job-id')).not.toBe(a.headers.get('x-job-id'));
  });
});
