import { readFileSync } from 'node:fs';
import { createVectrace, VectraceError } from '@vectrace/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey } from './support/api.js';
import { Client } from './support/client.js';
import { expectValid } from './support/formats.js';
import { logoPng } from './support/images.js';
import { startTestServer, type TestServer } from './support/server.js';

describe('the typed client (packages/client) against a running server', () => {
  let server: TestServer;
  let logo: Buffer;

  beforeAll(async () => {
    // The committed document names the embedded default's address as its server (PUBLIC_URL).
    server = await startTestServer({ env: { PUBLIC_URL: 'http://localhost:3000' } });
    logo = await logoPng(160);
  });
  afterAll(() => server?.stop());

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

  it('throws the API’s code and sentence', async () => {
    const { secret } = await accountWithKey(server);
    const vectrace = createVectrace({ apiKey: secret, baseUrl: server.url });
    const refused = await vectrace.vectorize(logo).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(VectraceError);
    expect(refused).toMatchObject({ status: 402, code: 'plan_required' });
    const marked = await vectrace.vectorize(logo, { mode: 'test', format: 'png', width: 200 });
    expect(marked.contentType).toBe('image/png');
  });
});
