import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../dist/app.js';
import { uniqueName } from './support/auth.js';
import { Client, type Reply } from './support/client.js';
import { register } from './support/flows.js';
import { startTestServer, type TestServer } from './support/server.js';

const password = 'correct horse battery';
const evil = 'https://evil.example';

let server: TestServer;
const others: TestServer[] = [];
beforeAll(async () => {
  server = await startTestServer({ env: { REGISTER_LIMIT_PER_IP: '1000' } });
});
afterAll(() => Promise.all([server, ...others].map((s) => s?.stop())));

const signUpInput = () => {
  const username = uniqueName('sec');
  return { username, email: `${username}@example.com`, password };
};
const userExists = async (db: TestServer['deps']['db'], username: string) =>
  Boolean(await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst());

describe('cross-site requests (check 17)', () => {
  it('a sign-up with Sec-Fetch-Site: cross-site is refused with 403 and makes no account', async () => {
    const input = signUpInput();
    const reply = await new Client(server.url).post('/api/register', input, {
      'sec-fetch-site': 'cross-site',
    });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ code: 'forbidden', message: expect.any(String) });
    expect(await userExists(server.deps.db, input.username)).toBe(false);
  });

  it('a sign-up from a foreign Origin is refused with 403 and makes no account', async () => {
    for (const origin of [
      evil,
      'null',
      `${server.url}.evil.example`,
      server.url.replace('127.0.0.1', 'localhost'),
      server.url.replace('http:', 'https:'), // same host and port, another scheme
    ]) {
      const input = signUpInput();
      const reply = await new Client(server.url).post('/api/register', input, { origin });
      expect(reply.status, origin).toBe(403);
      expect(reply.headers.getSetCookie()).toEqual([]);
      expect(await userExists(server.deps.db, input.username)).toBe(false);
    }
  });

  it('a login from a foreign Origin is refused and signs nobody in (login CSRF)', async () => {
    const { username } = await register(new Client(server.url), uniqueName('lcsrf'));
    const client = new Client(server.url);
    const reply = await client.post('/api/login', { username, password }, { origin: evil });
    expect(reply.status).toBe(403);
    expect(reply.headers.getSetCookie()).toEqual([]);
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('a logout from another site does not end the session', async () => {
    const client = new Client(server.url);
    await register(client, uniqueName('ocsrf'));
    expect((await client.post('/api/logout', undefined, { origin: evil })).status).toBe(403);
    expect((await client.post('/api/logout', undefined, { 'sec-fetch-site': 'cross-site' })).status).toBe(
      403,
    );
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it.each([
    'text/plain',
    'text/plain; charset=utf-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
  ])('a %s body (what a cross-site form can send) is refused with 415', async (contentType) => {
    const input = signUpInput();
    const reply = await new Client(server.url).request('POST', '/api/register', {
      body: JSON.stringify(input),
      headers: { 'content-type': contentType },
    });
    expect(reply.status).toBe(415);
    expect(reply.body).toEqual({
      code: 'unsupported_media_type',
      message: 'Send JSON with Content-Type: application/json',
    });
    expect(await userExists(server.deps.db, input.username)).toBe(false);
  });

  it('the same site succeeds: same Origin, Sec-Fetch-Site same-origin, or no Origin (not a browser)', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      { origin: '' }, // removed below: a request without Origin, as curl sends it
    ];
    for (const headers of variants) {
      const client = new Client(server.url);
      const input = signUpInput();
      const reply =
        headers.origin === ''
          ? await fetch(`${server.url}/api/register`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(input),
            }).then(async (r) => ({ status: r.status, text: await r.text() }))
          : await client.post('/api/register', input, headers);
      expect(reply.status, `${JSON.stringify(headers)}: ${reply.text}`).toBe(201);
      expect(await userExists(server.deps.db, input.username)).toBe(true);
    }
  });

  it('reading is not refused from another site (only state changes are)', async () => {
    const client = new Client(server.url);
    await register(client, uniqueName('read'));
    const reply = await client.get('/api/user', { origin: evil, 'sec-fetch-site': 'cross-site' });
    expect(reply.status).toBe(200);
  });

  it('the payment webhook is not refused by the cross-site check', async () => {
    for (const path of ['/api/stripe/webhook', '/api/stripe/webhook?x=1']) {
      const reply = await new Client(server.url).request('POST', path, {
        json: { id: 'evt_1', type: 'payment_intent.succeeded' },
        headers: { origin: 'https://stripe.com', 'sec-fetch-site': 'cross-site' },
      });
      expect(reply.status, path).not.toBe(403);
    }
    // ...while a look-alike path is.
    const lookAlike = await new Client(server.url).post('/api/stripe/webhook-x', {}, { origin: evil });
    expect(lookAlike.status).toBe(403);
  });

  it('behind a proxy, the configured public address is the accepted Origin', async () => {
    const behindProxy = await startTestServer({ env: { PUBLIC_URL: 'https://vectrace.example' } });
    others.push(behindProxy);
    const input = signUpInput();
    const refused = await new Client(behindProxy.url).post('/api/register', input, { origin: evil });
    expect(refused.status).toBe(403);
    const accepted = await new Client(behindProxy.url).post('/api/register', input, {
      origin: 'https://vectrace.example',
    });
    expect(accepted.status, accepted.text).toBe(201);
  });
});

/** The CSP header as directive -> sources. */
function csp(reply: Reply): Map<string, string[]> {
  const header = reply.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('security headers (check 25)', () => {
  const replies = async () => {
    const client = new Client(server.url);
    return {
      health: await client.get('/healthz'),
      json: await client.get('/api/user'),
      missing: await client.get('/api/nothing-here'),
      refused: await client.post('/api/logout', undefined, { origin: evil }),
    };
  };

  it('every kind of response carries the CSP with the payment hosts and no framing', async () => {
    for (const [kind, reply] of Object.entries(await replies())) {
      const policy = csp(reply);
      expect(policy.size, kind).toBeGreaterThan(0);
      expect(policy.get('default-src'), kind).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors'), kind).toEqual(["'none'"]);
      expect(policy.get('object-src'), kind).toEqual(["'none'"]);
      expect(policy.get('script-src'), kind).toContain('https://js.stripe.com');
      expect(policy.get('script-src'), kind).not.toContain("'unsafe-inline'");
      expect(policy.get('script-src'), kind).not.toContain("'unsafe-eval'");
      expect(policy.get('frame-src'), kind).toEqual(
        expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']),
      );
      expect(policy.get('connect-src'), kind).toContain('https://api.stripe.com');
    }
  });

  it('every kind of response has nosniff, the referrer policy, no X-Powered-By, no framing and a request id', async () => {
    const ids = new Set<string>();
    for (const [kind, reply] of Object.entries(await replies())) {
      expect(reply.headers.get('x-content-type-options'), kind).toBe('nosniff');
      expect(reply.headers.get('referrer-policy'), kind).toBe('strict-origin-when-cross-origin');
      expect(reply.headers.get('x-powered-by'), kind).toBeNull();
      expect(reply.headers.get('x-frame-options'), kind).toBe('DENY');
      const id = reply.headers.get('x-request-id') ?? '';
      expect(id, kind).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(4);
  });

  it('makes its own request id: one sent by the client is not echoed', async () => {
    const reply = await new Client(server.url).get('/healthz', { 'x-request-id': 'injected-id' });
    expect(reply.headers.get('x-request-id')).not.toBe('injected-id');
    expect(reply.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('in production, tells browsers to use HTTPS for a year (HSTS)', async () => {
    const production = await startTestServer({
      env: { NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'true', PUBLIC_URL: 'https://vectrace.example' },
    });
    others.push(production);
    const reply = await new Client(production.url).get('/healthz');
    const hsts = reply.headers.get('strict-transport-security') ?? '';
    const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
  });
});

describe('basic answers', () => {
  it('GET /healthz answers 200 {status:"ok"}', async () => {
    const reply = await new Client(server.url).get('/healthz');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'ok' });
  });

  it('an unknown /api address is 404 with a message', async () => {
    for (const method of ['GET', 'POST']) {
      const reply = await new Client(server.url).request(method, '/api/no-such-thing');
      expect(reply.status, method).toBe(404);
      expect(reply.body).toEqual({
        code: 'not_found',
        message: expect.stringContaining('/api/no-such-thing'),
      });
    }
  });
});

describe('logs', () => {
  it('contain no password, cookie, session token or URL signature', async () => {
    // The real app on the same dependencies, with the production logger options, writing here.
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const options = loggerOptions('info');
    const app = await buildApp(server.deps, { ...(options as object), stream } as typeof options);
    try {
      const secretPassword = 'Log-Canary-Password-1234';
      const planted = 'PlantedCookieCanaryValue';
      const username = uniqueName('logs');
      const json = { 'content-type': 'application/json' };
      const registered = await app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { ...json, cookie: `sid=${planted}`, authorization: 'Bearer AuthCanaryToken' },
        payload: { username, email: `${username}@example.com`, password: secretPassword },
      });
      expect(registered.statusCode).toBe(201);
      const failed = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: json,
        payload: { username, password: `${secretPassword}-wrong` },
      });
      expect(failed.statusCode).toBe(401);
      const loggedIn = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: json,
        payload: { username, password: secretPassword },
      });
      expect(loggedIn.statusCode).toBe(200);
      const token = loggedIn.cookies.find((c) => c.name === 'sid')?.value ?? '';
      expect(token.length).toBeGreaterThan(20);
      expect(
        (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `sid=${token}` } }))
          .statusCode,
      ).toBe(200);
      await app.inject({ method: 'GET', url: '/api/nothing?expires=1&signature=SignatureCanary' });
      // A receipt's link back to a purchase opens it for whoever holds it: its signature too.
      await app.inject({ method: 'GET', url: '/restore/some-conversion?sig=RestoreCanary' });

      const log = lines.join('\n');
      // The requests were logged (so the checks below can fail)...
      expect(log).toContain('/api/login');
      expect(log).toContain('/api/nothing?expires=1&signature=[redacted]');
      expect(log).toContain('/restore/some-conversion?sig=[redacted]');
      // ...without any secret.
      for (const secret of [
        secretPassword,
        planted,
        'AuthCanaryToken',
        token,
        'SignatureCanary',
        'RestoreCanary',
        '$argon2',
      ]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await app.close();
    }
  });
});
