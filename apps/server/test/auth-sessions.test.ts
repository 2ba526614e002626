import { sessionEndedMessage } from '@vectrace/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  browserWithCookie,
  login,
  loginOk,
  password,
  publicUserKeys,
  setCookie,
  uniqueName,
  whoAmI,
} from './support/auth.js';
import { Client } from './support/client.js';
import { register } from './support/flows.js';
import { serversOfFile, type TestServer, testClock } from './support/server.js';

// The session a sign-up or a login opens: its cookie, its replacement at login, its end.
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// Servers start in well under a second, so tests that move the clock or fill a throttle get one
// of their own.
const serverFor = serversOfFile();

describe('the session cookie (check 14)', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, without Domain, and holds at least 128 random bits', async () => {
    const server = await serverFor();
    const client = new Client(server.url);
    const { username } = await register(client, uniqueName('c'));
    const first = setCookie(await login(client, username, password), 'sid');
    const second = setCookie(await login(new Client(server.url), username, password), 'sid');
    for (const cookie of [first, second]) {
      expect(cookie.attributes.get('httponly')).toBe(true);
      expect(cookie.attributes.get('samesite')).toMatch(/^lax$/i);
      expect(cookie.attributes.get('path')).toBe('/');
      expect(cookie.attributes.has('domain')).toBe(false);
      expect(Number(cookie.attributes.get('max-age'))).toBeLessThanOrEqual(30 * 24 * 3600);
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(cookie.value, 'base64url').length).toBeGreaterThanOrEqual(16);
    }
    expect(second.value).not.toBe(first.value);
    // The database keeps only a digest: a copy of the sessions table opens no session.
    const stored = await server.deps.db.selectFrom('sessions').select('id').execute();
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const { id } of stored) expect([first.value, second.value]).not.toContain(id);
  });

  it('in production is named __Host-sid and is Secure', async () => {
    const server = await serverFor({
      env: { NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'true', PUBLIC_URL: 'https://vectrace.example' },
    });
    const client = new Client(server.url);
    const { username } = await register(client, uniqueName('prod'));
    const reply = await login(new Client(server.url), username, password);
    const cookie = setCookie(reply, '__Host-sid');
    expect(cookie.attributes.get('secure')).toBe(true);
    expect(cookie.attributes.get('httponly')).toBe(true);
    expect(cookie.attributes.get('path')).toBe('/');
    expect(cookie.attributes.has('domain')).toBe(false);
    expect(reply.headers.getSetCookie().some((line) => line.startsWith('sid='))).toBe(false);
    expect((await whoAmI(browserWithCookie(server.url, '__Host-sid', cookie.value))).status).toBe(200);
    // The unprefixed name is not read in production.
    expect((await whoAmI(browserWithCookie(server.url, 'sid', cookie.value))).status).toBe(401);
  });
});

describe('session fixation (check 15)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await serverFor();
  });

  it('a made-up session id planted before login is replaced, and does not authenticate', async () => {
    const { username } = await register(new Client(server.url), uniqueName('fix'));
    const planted = 'AttackerChosenSessionIdAttackerChosen12345';
    const victim = browserWithCookie(server.url, 'sid', planted);
    expect((await whoAmI(victim)).status).toBe(401);
    const token = await loginOk(victim, username, password);
    expect(token).not.toBe(planted);
    expect((await whoAmI(victim)).body.username).toBe(username);
    expect((await whoAmI(browserWithCookie(server.url, 'sid', planted))).status).toBe(401);
  });

  it('a real session id issued before login stops working when the browser logs in again', async () => {
    const client = new Client(server.url);
    const { username } = await register(client, uniqueName('fix'));
    const before = await loginOk(client, username, password);
    expect((await whoAmI(browserWithCookie(server.url, 'sid', before))).status).toBe(200);
    const after = await loginOk(client, username, password);
    expect(after).not.toBe(before);
    const old = await whoAmI(browserWithCookie(server.url, 'sid', before));
    expect(old.status).toBe(401);
    expect((await whoAmI(browserWithCookie(server.url, 'sid', after))).body.username).toBe(username);
  });

  it("an attacker's own session planted in a victim's browser gives the attacker nothing once the victim logs in", async () => {
    const attacker = new Client(server.url);
    await register(attacker, uniqueName('attacker'));
    const attackerToken = attacker.cookies.get('sid') ?? '';
    const victimAccount = await register(new Client(server.url), uniqueName('victim'));
    const victim = browserWithCookie(server.url, 'sid', attackerToken);
    await loginOk(victim, victimAccount.username, password);
    expect(victim.cookies.get('sid')).not.toBe(attackerToken);
    expect((await whoAmI(attacker)).status).toBe(401);
  });

  it('signing up while signed in replaces the earlier session too', async () => {
    const client = new Client(server.url);
    await register(client, uniqueName('first'));
    const before = client.cookies.get('sid') ?? '';
    const second = await register(client, uniqueName('second'));
    expect(client.cookies.get('sid')).not.toBe(before);
    expect((await whoAmI(client)).body.username).toBe(second.username);
    expect((await whoAmI(browserWithCookie(server.url, 'sid', before))).status).toBe(401);
  });
});

describe('session end (check 16)', () => {
  it('logout ends the session on the server: the old cookie replayed gets 401', async () => {
    const server = await serverFor();
    const client = new Client(server.url);
    const { username } = await register(client, uniqueName('out'));
    const token = await loginOk(client, username, password);
    const other = await loginOk(new Client(server.url), username, password);
    const reply = await client.post('/api/logout');
    expect(reply.status).toBe(200);
    expect(Number(setCookie(reply, 'sid').attributes.get('max-age'))).toBe(0);
    expect((await whoAmI(client)).status).toBe(401);
    expect((await whoAmI(browserWithCookie(server.url, 'sid', token))).status).toBe(401);
    // Only that session ends: the same user's other browser stays signed in.
    expect((await whoAmI(browserWithCookie(server.url, 'sid', other))).status).toBe(200);
  });

  it('ends after 7 days without use, and each use restarts those 7 days', async () => {
    const clock = testClock();
    const server = await serverFor({ clock });
    const client = new Client(server.url);
    await register(client, uniqueName('idle'));
    clock.advance(7 * DAY - MINUTE);
    expect((await whoAmI(client)).status).toBe(200);
    clock.advance(7 * DAY - MINUTE);
    expect((await whoAmI(client)).status).toBe(200);
    clock.advance(7 * DAY);
    const expired = await whoAmI(client);
    expect(expired.status).toBe(401);
    // It stays ended, even if used again at once.
    expect((await whoAmI(client)).status).toBe(401);
  });

  it('GET /api/session answers 200 either way: null for a visitor or an ended session, the user while signed in', async () => {
    const server = await serverFor();
    const visitor = await new Client(server.url).get('/api/session');
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({ user: null });

    const client = new Client(server.url);
    const { username } = await register(client, uniqueName('who'));
    const signedIn = await client.get('/api/session');
    expect(signedIn.status).toBe(200);
    expect(Object.keys(signedIn.body.user).sort()).toEqual(publicUserKeys);
    expect(signedIn.body.user.username).toBe(username);
    expect(signedIn.headers.get('cache-control')).toBe('no-store');

    const token = client.cookies.get('sid') ?? '';
    await client.post('/api/logout');
    const ended = await browserWithCookie(server.url, 'sid', token).get('/api/session');
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ user: null });
  });

  it('a browser whose session ended is told so, and one that never signed in is told to sign in', async () => {
    const server = await serverFor();
    const client = new Client(server.url);
    await register(client, uniqueName('gone'));
    const token = client.cookies.get('sid') ?? '';
    // Signed out in another tab: this one still holds the cookie of a session that no longer exists.
    await browserWithCookie(server.url, 'sid', token).post('/api/logout');
    const stale = browserWithCookie(server.url, 'sid', token);
    for (const path of ['/api/account', '/api/conversions/some-id', '/api/download/some-id', '/api/keys']) {
      const reply = await stale.get(path);
      expect(reply.status, path).toBe(401);
      expect(reply.body, path).toEqual({ code: 'unauthorized', message: sessionEndedMessage });
    }
    const stranger = await new Client(server.url).get('/api/download/some-id');
    expect(stranger.status).toBe(401);
    expect(stranger.body.message).toBe(
      'Sign in to see your conversions: this browser has none of its own yet.',
    );
  });

  it('ends 30 days after login even when used every day', async () => {
    const clock = testClock();
    const server = await serverFor({ clock });
    const client = new Client(server.url);
    await register(client, uniqueName('abs'));
    for (let day = 5; day < 30; day += 5) {
      clock.advance(5 * DAY);
      expect((await whoAmI(client)).status, `day ${day}`).toBe(200);
    }
    clock.advance(5 * DAY - MINUTE); // 29 days 23:59
    expect((await whoAmI(client)).status).toBe(200);
    clock.advance(MINUTE); // 30 days
    expect((await whoAmI(client)).status).toBe(401);
  });
});
