import { createReadStream, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createVectrace, VectraceError } from '@vectrace/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey } from './support/api.js';
import { Client } from './support/client.js';
import { expectValid } from './support/formats.js';
import { logoPng } from './support/images.js';
import { startTestServer, type TestClock, type TestServer } from './support/server.js';

describe('the typed client (packages/client) against a running server', () => {
  let server: TestServer;
  let logo: Buffer;
  let dir: string;

  beforeAll(async () => {
    // The committed document names the embedded default's address as its server (PUBLIC_URL).
    server = await startTestServer({ env: { PUBLIC_URL: 'http://localhost:3000' } });
    logo = await logoPng(160);
    dir = await mkdtemp(join(tmpdir(), 'vectrace-client-'));
    await writeFile(join(dir, 'logo.png'), logo);
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('is generated from the document the server serves (npm run openapi writes it)', async () => {
    const served = (await new Client(server.url).get('/api/v1/openapi.json')).text;
    const committed = readFileSync(new URL('../../../packages/client/openapi.json', import.meta.url), 'utf8');
    expect(JSON.parse(served)).toEqual(JSON.parse(committed));
  });

  it('converts an image to SVG and to PDF, lists, reads the account and deletes', async () => {
    const { secret } = await accountWithKey(server, { pro: true });
    const vectrace = createVectrace({ apiKey: secret, baseUrl: server.url });
    const svg = await vectrace.vectorize(new Blob([logo], { type: 'image/png' }));
    expect(svg.contentType).toMatch(/^image\/svg\+xml/);
    await expectValid('svg', svg.bytes);
    // wait=0: the client polls the job, then fetches the result in the asked format.
    const pdf = await vectrace.vectorize(logo, { format: 'pdf', wait: 0 }, { pollMs: 50 });
    expect(pdf.contentType).toBe('application/pdf');
    await expectValid('pdf', pdf.bytes);
    const { jobs } = await vectrace.listJobs();
    expect(jobs.map((job) => job.id)).toEqual([pdf.jobId, svg.jobId]);
    expect((await vectrace.account()).plan).toBe('pro');
    await vectrace.deleteJob(svg.jobId);
    expect((await vectrace.getJob(svg.jobId)).deleted).toBe(true);
  });

  it('names the upload after the file, so that the result is named after it too', async () => {
    const { secret } = await accountWithKey(server, { pro: true });
    const vectrace = createVectrace({ apiKey: secret, baseUrl: server.url });
    const fromPath = await vectrace.vectorize(join(dir, 'logo.png'), { format: 'pdf' });
    expect(fromPath.fileName).toBe('logo.pdf');
    await expectValid('pdf', fromPath.bytes);
    const fromStream = await vectrace.vectorize(createReadStream(join(dir, 'logo.png')));
    expect(fromStream.fileName).toBe('logo.svg');
    const fromFile = await vectrace.vectorize(new File([logo], 'badge.png', { type: 'image/png' }));
    expect(fromFile.fileName).toBe('badge.svg');
    const fromBytes = await vectrace.vectorize(logo, { format: 'eps' }, { fileName: 'stamp.png' });
    expect(fromBytes.fileName).toBe('stamp.eps');
    expect((await vectrace.getJob(fromBytes.jobId)).fileName).toBe('stamp.png');
    const unnamed = await vectrace.vectorize(logo);
    expect(unnamed.fileName).toBe('image.svg');
  });

  it('reads every page of the jobs: the id of a page’s last job is the next page’s before', async () => {
    const { secret } = await accountWithKey(server, { pro: true });
    const vectrace = createVectrace({ apiKey: secret, baseUrl: server.url });
    const made: string[] = [];
    for (const name of ['a.png', 'b.png', 'c.png'])
      made.unshift((await vectrace.vectorize(logo, {}, { fileName: name })).jobId);
    const first = await vectrace.listJobs({ limit: 2 });
    expect(first.jobs.map((job) => job.id)).toEqual(made.slice(0, 2));
    expect(first.next).not.toBeNull();
    const second = await vectrace.listJobs({ limit: 2, before: first.jobs[1].id });
    expect(second.jobs.map((job) => job.id)).toEqual(made.slice(2));
    expect(second.next).toBeNull();
    const all: string[] = [];
    for await (const job of vectrace.jobs({ limit: 1 })) all.push(job.id);
    expect(all).toEqual(made);
  });

  it('throws the API’s code and sentence', async () => {
    const { secret } = await accountWithKey(server);
    const vectrace = createVectrace({ apiKey: secret, baseUrl: server.url });
    const refused = await vectrace.vectorize(logo).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(VectraceError);
    expect(refused).toMatchObject({ status: 402, code: 'plan_required' });
    const marked = await vectrace.vectorize(logo, { mode: 'test', format: 'png', width: 200 });
    expect(marked.contentType).toBe('image/png');
  });

  it('stops a call when its signal aborts, while it polls a job too', async () => {
    const { secret } = await accountWithKey(server, { pro: true });
    const vectrace = createVectrace({ apiKey: secret, baseUrl: server.url });
    const aborted = AbortSignal.abort();
    await expect(vectrace.account({ signal: aborted })).rejects.toMatchObject({ name: 'AbortError' });
    await expect(vectrace.listJobs({}, { signal: aborted })).rejects.toMatchObject({ name: 'AbortError' });
    // wait=0 answers 202 at once: the client polls, and the abort ends its wait.
    const controller = new AbortController();
    const seen: number[] = [];
    const watching = createVectrace({
      apiKey: secret,
      baseUrl: server.url,
      fetch: async (request) => {
        const response = await fetch(request);
        seen.push(response.status);
        if (response.status === 202) setTimeout(() => controller.abort(), 0);
        return response;
      },
    });
    const stopped = watching.vectorize(logo, { wait: 0 }, { pollMs: 60_000, signal: controller.signal });
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual([202]);
  });
});

describe('the typed client tries again after a 429', () => {
  let server: TestServer;
  let shift = 0;
  // The server's clock runs with the real one, `shift` ahead: a quota's window can be made to end
  // a few seconds after a call, as it would a minute later.
  const clock = Object.assign(() => new Date(Date.now() + shift), {
    advance: (ms: number) => {
      shift += ms;
    },
    set: (date: Date) => {
      shift = date.getTime() - Date.now();
    },
  }) satisfies TestClock;
  let logo: Buffer;

  beforeAll(async () => {
    server = await startTestServer({ env: { QUOTA_TRACES_PER_MINUTE: '1' }, clock });
    logo = await logoPng(120);
  });
  afterAll(() => server?.stop());

  /** A client with a free key that records the status of every answer it gets. */
  async function watchedClient(
    retry?: { tries?: number; maxWaitSeconds?: number },
    onAnswer: (status: number) => void = () => {},
  ) {
    const { secret } = await accountWithKey(server);
    const statuses: number[] = [];
    const vectrace = createVectrace({
      apiKey: secret,
      baseUrl: server.url,
      retry,
      fetch: async (request) => {
        const response = await fetch(request);
        statuses.push(response.status);
        onAnswer(response.status);
        return response;
      },
    });
    return { vectrace, statuses };
  }

  /** Makes the account's one trace of the minute; the clock then stands `secondsLeft` before its end. */
  async function useTheMinute(vectrace: ReturnType<typeof createVectrace>, secondsLeft: number) {
    const first = await vectrace.vectorize(logo, { mode: 'test' });
    const { createdAt } = await vectrace.getJob(first.jobId);
    clock.set(new Date(Date.parse(createdAt) + 60_000 - secondsLeft * 1000));
  }

  it('waits what Retry-After says, then converts; a POST without an Idempotency-Key is not tried again', async () => {
    const { vectrace, statuses } = await watchedClient();
    await useTheMinute(vectrace, 5);
    statuses.length = 0;
    const form = new FormData();
    form.set('mode', 'test');
    form.set('image', new Blob([logo]), 'logo.png');
    const once = await vectrace.api.POST('/api/v1/vectorize', { body: {}, bodySerializer: () => form });
    expect(once.response.status).toBe(429);
    expect(statuses).toEqual([429]);
    statuses.length = 0;
    // vectorize sends an Idempotency-Key of its own: the server makes the job once.
    const svg = await vectrace.vectorize(logo, { mode: 'test' });
    expect(statuses).toEqual([429, 200]);
    await expectValid('svg', svg.bytes);
  });

  it('does not wait past maxWaitSeconds, nor try more than `tries` times: it throws the 429', async () => {
    const { vectrace, statuses } = await watchedClient({ maxWaitSeconds: 5 });
    await useTheMinute(vectrace, 50);
    statuses.length = 0;
    const refused = await vectrace.vectorize(logo, { mode: 'test' }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(VectraceError);
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((refused as VectraceError).retryAfterSeconds).toBeGreaterThan(5);
    expect(statuses).toEqual([429]);

    const once = await watchedClient({ tries: 1 });
    await useTheMinute(once.vectrace, 2);
    once.statuses.length = 0;
    await expect(once.vectrace.vectorize(logo, { mode: 'test' })).rejects.toMatchObject({ status: 429 });
    expect(once.statuses).toEqual([429]);
  });

  it('stops waiting for the next try when its signal aborts', async () => {
    const controller = new AbortController();
    const { vectrace, statuses } = await watchedClient({}, (status) => {
      if (status === 429) setTimeout(() => controller.abort(), 0);
    });
    await useTheMinute(vectrace, 50);
    statuses.length = 0;
    const { signal } = controller;
    await expect(vectrace.vectorize(logo, { mode: 'test' }, { signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(statuses).toEqual([429]);
  });
});
