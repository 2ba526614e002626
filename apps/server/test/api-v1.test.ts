import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { get as httpGet, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, answer, apiGet, vectorize } from './support/api.js';
import { Client } from './support/client.js';
import { expectValid, readDxf } from './support/formats.js';
import { logoPng } from './support/images.js';
import { startTestServer, type TestServer } from './support/server.js';

const run = promisify(execFile);

/** Every route's full path, from Fastify's printed route tree (children indented under parents). */
function routePaths(tree: string): string[] {
  const stack: string[] = [];
  const paths: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[├└]── (\S+)/.exec(line);
    if (!match) continue;
    const depth = Math.floor((match[1] as string).length / 4);
    stack.length = depth;
    stack.push(match[2] as string);
    paths.push(stack.join('').replace(/\/\//g, '/'));
  }
  return paths;
}

describe('the developer API', () => {
  let server: TestServer;
  let logo: Buffer;
  let pro: Awaited<ReturnType<typeof accountWithKey>>;

  beforeAll(async () => {
    server = await startTestServer({ env: { API_TEST_CALLS_PER_MINUTE: '3' } });
    logo = await logoPng(160);
    pro = await accountWithKey(server, { pro: true });
  });
  afterAll(() => server?.stop());

  it('answers 401 with a code and a sentence without a key, and with a key that does not exist', async () => {
    const none = await vectorize(server, undefined, logo);
    expect(none.status).toBe(401);
    expect(none.json).toMatchObject({ code: 'unauthorized' });
    expect(none.json.message).toContain('Authorization: Bearer');
    const wrong = await vectorize(server, 'vt_not-a-key', logo);
    expect(wrong.status).toBe(401);
    expect(wrong.json.code).toBe('invalid_key');
  });

  it('gives a Pro key the file in every format, valid for its reader', async () => {
    for (const format of ['svg', 'eps', 'pdf', 'dxf']) {
      const reply = await vectorize(server, pro.secret, logo, { format });
      expect(reply.status, Buffer.from(reply.bytes).toString()).toBe(200);
      expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="logo.${format}"`);
      expect(reply.headers.get('ratelimit-limit')).toBe('60');
      await expectValid(format, reply.bytes);
    }
  });

  it('writes a DXF at the asked physical size, in millimetres', async () => {
    const reply = await vectorize(server, pro.secret, logo, { format: 'dxf', width: '120', unit: 'mm' });
    expect(reply.status).toBe(200);
    const dxf = readDxf(reply.bytes);
    expect(dxf.insunits).toBe(4);
    // The logo's shapes lie inside the frame: at most the asked width, and most of it.
    expect(dxf.width).toBeLessThanOrEqual(120 + 0.1);
    expect(dxf.width).toBeGreaterThan(60);
  });

  it('takes the image as the whole body, with the options in the query', async () => {
    const response = await fetch(`${server.url}/api/v1/vectorize?format=pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pro.secret}`, 'content-type': 'image/png' },
      body: logo,
    });
    const reply = await answer(response);
    expect(reply.status).toBe(200);
    await expectValid('pdf', reply.bytes);
  });

  it('refuses a body of another type with 415 unsupported_media_type, and says what to send', async () => {
    const response = await fetch(`${server.url}/api/v1/vectorize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pro.secret}`, 'content-type': 'text/plain' },
      body: 'a logo',
    });
    const reply = await answer(response);
    expect(reply.status).toBe(415);
    expect(reply.json.code).toBe('unsupported_media_type');
    expect(reply.json.message).toContain('multipart/form-data');
  });

  it('refuses a raw body over 10 MB with 413 from its length, before reading it', async () => {
    // 10.5 MB announced, none of it sent: the answer comes from the Content-Length alone.
    const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(`${server.url}/api/v1/vectorize`);
      const request = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            authorization: `Bearer ${pro.secret}`,
            'content-type': 'image/png',
            'content-length': String(10.5 * 1024 * 1024),
          },
        },
        (reply) => {
          let body = '';
          reply.on('data', (chunk) => {
            body += chunk;
          });
          reply.on('end', () => resolve({ status: reply.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(status.status).toBe(413);
    expect(JSON.parse(status.body)).toMatchObject({ code: 'image_too_large' });
    expect(JSON.parse(status.body).message).toContain('10 MB');
    // Sent whole, without a length (chunked), 10.5 MB is refused the same.
    const chunked = await fetch(`${server.url}/api/v1/vectorize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pro.secret}`, 'content-type': 'image/png' },
      body: new Blob([logo, Buffer.alloc(10.5 * 1024 * 1024 - logo.length)]).stream(),
      duplex: 'half',
    } as RequestInit);
    const refused = await answer(chunked);
    expect(refused.status).toBe(413);
    expect(refused.json.code).toBe('image_too_large');
  });

  it('answers 202 with a job to poll when the trace takes longer than the wait', async () => {
    const started = await vectorize(server, pro.secret, logo, { wait: '0', format: 'eps' });
    expect(started.status).toBe(202);
    const location = started.headers.get('location');
    expect(location).toBe(`/api/v1/jobs/${started.json.id}?mode=live&format=eps`);
    let job = started.json;
    for (let i = 0; i < 300 && job.status !== 'completed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await apiGet(server, pro.secret, location as string)).json;
    }
    expect(job.status).toBe('completed');
    expect(job.resultUrl, JSON.stringify(job)).toBe(`/api/v1/jobs/${job.id}/result?mode=live&format=eps`);
    const result = await apiGet(server, pro.secret, job.resultUrl);
    expect(result.status).toBe(200);
    await expectValid('eps', result.bytes);
    // The conversion is the account's, on the site too.
    const onSite = await pro.client.get(`/api/conversions/${job.id}`);
    expect(onSite.status).toBe(200);
  });

  it('traces in the automatic mode by default, reads an image as a page when told to, and says how it read it', async () => {
    const finished = async (options: Record<string, string>) => {
      const started = await vectorize(server, pro.secret, logo, { wait: '0', ...options });
      expect(started.status, JSON.stringify(started.json)).toBe(202);
      let job = started.json;
      for (let i = 0; i < 300 && job.status !== 'completed'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = (await apiGet(server, pro.secret, `/api/v1/jobs/${job.id}`)).json;
      }
      return job;
    };
    expect((await finished({})).reading).toBe('Read as black-and-white art');
    expect((await finished({ read: 'page' })).reading).toBe('Read as a page, in black and white');
    const wrong = await vectorize(server, pro.secret, logo, { read: 'poster' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe('read must be one of: auto, picture, page');
  });

  it("takes the makers' options: a cut contour in mm as a DXF layer named cut, a silhouette, and says what is wrong", async () => {
    const cut = await vectorize(server, pro.secret, logo, {
      format: 'dxf',
      cutContour: '2mm',
      width: '160',
      unit: 'mm',
    });
    expect(cut.status, Buffer.from(cut.bytes).toString()).toBe(200);
    expect(Buffer.from(cut.bytes).toString()).toMatch(/\n *8\ncut\n/);
    const svg = await vectorize(server, pro.secret, logo, { cutContour: '8px' });
    expect(svg.status).toBe(200);
    const text = Buffer.from(svg.bytes).toString();
    expect(text).toContain('<path id="cut" fill="none"');
    expect(text).toContain('fill="#000"');
    // The logo is opaque: it has no silhouette of its transparency, and the failure says so.
    const alpha = await vectorize(server, pro.secret, logo, { trace: 'alpha' });
    expect(alpha.status).toBe(422);
    expect(alpha.json.message).toContain('needs an image with transparent pixels');
    const bad = await vectorize(server, pro.secret, logo, { cutContour: 'two millimetres' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('cutContour must be an offset from 0 to 50 mm, as 2mm, 0.1in or 8px');
    const palette = await vectorize(server, pro.secret, logo, { palette: '#12345' });
    expect(palette.json.message).toBe('palette must be up to 32 colors as #rrggbb, separated by commas');
  });

  it('refuses live calls of a free account with plan_required, and gives it marked results in test mode', async () => {
    const free = await accountWithKey(server);
    const live = await vectorize(server, free.secret, logo);
    expect(live.status).toBe(402);
    expect(live.json.code).toBe('plan_required');
    expect(live.json.message).toContain('mode=test');
    const test = await vectorize(server, free.secret, logo, { mode: 'test' });
    expect(test.status).toBe(200);
    const id = test.headers.get('x-job-id');
    expect((await apiGet(server, free.secret, `/api/v1/jobs/${id}`)).json.mode).toBe('test');
    // The job stays a test job: its result again is the marked one, and it has no live result
    // (api-v1-test-mark.test.ts peels the mark).
    const again = await apiGet(server, free.secret, `/api/v1/jobs/${id}/result`);
    expect(Buffer.from(again.bytes).equals(Buffer.from(test.bytes))).toBe(true);
    const unmarked = await apiGet(server, free.secret, `/api/v1/jobs/${id}/result?mode=live`);
    expect(unmarked.status).toBe(409);
    expect(unmarked.json.code).toBe('wrong_mode');
  });

  it('limits test calls per key with RateLimit headers, then 429 with Retry-After', async () => {
    const free = await accountWithKey(server);
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(await vectorize(server, free.secret, logo, { mode: 'test', wait: '0' }));
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([202, 202, 202]);
    expect(answers[0]?.headers.get('ratelimit-limit')).toBe('3');
    expect(answers[0]?.headers.get('ratelimit-remaining')).toBe('2');
    expect(Number(answers[0]?.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    const refused = answers[3];
    expect(refused?.status).toBe(429);
    expect(refused?.json.code).toBe('rate_limited');
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another key has its own limit.
    const other = await accountWithKey(server);
    expect((await vectorize(server, other.secret, logo, { mode: 'test', wait: '0' })).status).toBe(202);
  });

  it('says what is wrong with bad options and with a file that is no image', async () => {
    const badFormat = await vectorize(server, pro.secret, logo, { format: 'gif' });
    expect(badFormat.status).toBe(400);
    expect(badFormat.json).toEqual({
      code: 'invalid_request',
      message: 'format must be one of: svg, eps, pdf, dxf, png',
    });
    const notImage = await vectorize(server, pro.secret, new TextEncoder().encode('%PDF-1.4 not an image'));
    expect(notImage.status).toBe(400);
    expect(notImage.json.code).toBe('unsupported_image');
    expect(notImage.json.message).toContain('PNG or JPEG');
  });

  it('stops a revoked key at once, and shows when a key was last used', async () => {
    const account = await accountWithKey(server, { pro: true });
    expect((await vectorize(server, account.secret, logo)).status).toBe(200);
    const listed = await account.client.get('/api/keys');
    expect(listed.body.keys).toHaveLength(1);
    expect(listed.body.keys[0].lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain(account.secret);
    expect(account.secret.startsWith(listed.body.keys[0].prefix)).toBe(true);
    const revoked = await account.client.request('DELETE', `/api/keys/${account.keyId}`);
    expect(revoked.status).toBe(204);
    const after = await vectorize(server, account.secret, logo);
    expect(after.status).toBe(401);
    expect(after.json.code).toBe('invalid_key');
  });

  it('keeps keys to their owner: others cannot see or revoke them, jobs stay private', async () => {
    const other = await accountWithKey(server, { pro: true });
    expect((await other.client.request('DELETE', `/api/keys/${pro.keyId}`)).status).toBe(404);
    const started = await vectorize(server, pro.secret, logo, { wait: '0' });
    const peek = await apiGet(server, other.secret, `/api/v1/jobs/${started.json.id}`);
    expect(peek.status).toBe(404);
    expect(peek.json.code).toBe('not_found');
    expect((await new Client(server.url).get('/api/keys')).status).toBe(401);
  });

  it('publishes a valid OpenAPI 3.1 document with every route of /api/v1', async () => {
    const document = (await new Client(server.url).get('/api/v1/openapi.json')).body;
    expect(document.openapi).toBe('3.1.0');
    await SwaggerParser.validate(structuredClone(document));
    const routes = routePaths(server.app.printRoutes({ commonPrefix: false }))
      .filter((path) => path.startsWith('/api/v1/') && path !== '/api/v1/openapi.json')
      .map((path) => path.replace(/:(\w+)/g, '{$1}'));
    expect(new Set(routes)).toEqual(
      new Set([
        '/api/v1/vectorize',
        '/api/v1/jobs',
        '/api/v1/jobs/{id}',
        '/api/v1/jobs/{id}/result',
        '/api/v1/account',
      ]),
    );
    for (const path of routes) expect(Object.keys(document.paths)).toContain(path);
    // Every operation has a name and a tag, for generated clients and the reference page.
    for (const [path, item] of Object.entries<Record<string, { operationId?: string; tags?: string[] }>>(
      document.paths,
    )) {
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
        expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      }
    }
    // The form's fields come from the schema that checks them.
    const form = document.paths['/api/v1/vectorize'].post.requestBody.content['multipart/form-data'].schema;
    expect(form.properties.image.format).toBe('binary');
    expect(form.properties.format.enum).toEqual(['svg', 'eps', 'pdf', 'dxf', 'png']);
    // The makers' options, each with what it does.
    expect(form.properties.traceMode.enum).toContain('centerline');
    for (const option of [
      'invert',
      'palette',
      'traceBackground',
      'layering',
      'strokeWidth',
      'shapes',
      'cutContour',
      'trace',
    ]) {
      expect(form.properties[option]?.description, option).toMatch(/\w{4}/);
    }
    // The result is declared as what it is, so a generated client parses it right.
    const result = document.paths['/api/v1/jobs/{id}/result'].get.responses['200'].content;
    expect(Object.keys(result)).not.toContain('application/octet-stream');
    expect(Object.keys(result)).toContain('image/svg+xml');
    // The Idempotency-Key header is declared, so generated clients can send it.
    const vectorizeOp = document.paths['/api/v1/vectorize'].post;
    const headerNames = vectorizeOp.parameters
      .filter((parameter: { in: string }) => parameter.in === 'header')
      .map((parameter: { name: string }) => parameter.name.toLowerCase());
    expect(headerNames).toContain('idempotency-key');
    // Each error status names the codes it carries.
    expect(vectorizeOp.responses['415'].description).toContain('`unsupported_media_type`');
    expect(vectorizeOp.responses['422'].description).toContain('`idempotency_key_reused`');
    // Without PUBLIC_URL no server is named, so a Host header a request makes up is not either.
    expect(document.servers).toBeUndefined();
    expect((await documentFor(server, 'evil.example')).servers).toBeUndefined();
  });

  it('names PUBLIC_URL as its server, whatever Host a request says', async () => {
    const named = await startTestServer({ env: { PUBLIC_URL: 'https://vectors.example.org' } });
    try {
      const document = await documentFor(named, 'evil.example');
      expect(document.servers).toEqual([{ url: 'https://vectors.example.org', description: 'This server' }]);
      expect(JSON.stringify(document)).not.toContain('evil.example');
    } finally {
      await named.stop();
    }
  });

  it('runs the curl example of the docs as written', async () => {
    const document = (await new Client(server.url).get('/api/v1/openapi.json')).body;
    const example = /```sh\n([\s\S]*?)```/.exec(document.info.description)?.[1];
    expect(example).toContain('curl');
    const dir = await mkdtemp(join(tmpdir(), 'vectrace-curl-'));
    try {
      await writeFile(join(dir, 'logo.png'), logo);
      await run('bash', ['-c', `set -e\n${example}`], {
        cwd: dir,
        env: { ...process.env, VECTRACE_API_KEY: pro.secret },
      });
      await expectValid('pdf', await readFile(join(dir, 'logo.pdf')));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** The OpenAPI document as a request with this Host header gets it (fetch always sends the real one). */
function documentFor(server: TestServer, host: string): Promise<{ servers?: unknown }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    httpGet({ host: '127.0.0.1', port, path: '/api/v1/openapi.json', headers: { host } }, (reply) => {
      let body = '';
      reply.on('data', (chunk) => {
        body += chunk;
      });
      reply.on('end', () => resolve(JSON.parse(body)));
    }).on('error', reject);
  });
}
