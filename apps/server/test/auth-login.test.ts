import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../dist/config.js';
import { login, loginOk, median, password, publicUserKeys, uniqueName, whoAmI } from './support/auth.js';
import { Client, type Reply } from './support/client.js';
import { register } from './support/flows.js';
import { serversOfFile, type TestClock, type TestServer, testClock } from './support/server.js';

// Logging in, and failed logins slowed and refused: per username, per address, per account.
const MINUTE = 60_000;

// Servers start in well under a second, so tests that move the clock or fill a throttle get one
// of their own.
const serverFor = serversOfFile();

describe('login', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await serverFor();
  });

  it('answers with the public user: no password hash and no payment ids', async () => {
    const client = new Client(server.url);
    const { username } = await register(client, uniqueName('p'));
    await server.deps.db
      .updateTable('users')
      .set({ stripeCustomerId: 'cus_secret123', stripeSubscriptionId: 'sub_secret456' })
      .where('username', '=', username)
      .execute();
    const reply = await login(new Client(server.url), username, password);
    expect(reply.status).toBe(200);
    const me = await whoAmI(client);
    for (const r of [reply, me]) {
      expect(Object.keys(r.body).sort()).toEqual(publicUserKeys);
      expect(r.body.username).toBe(username);
      expect(r.text).not.toMatch(/argon2|cus_secret123|sub_secret456|stripe/i);
    }
  });

  it('GET /api/user without a session is 401 with a message', async () => {
    const reply = await whoAmI(new Client(server.url));
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ code: 'unauthorized', message: expect.any(String) });
    expect(reply.body.message.length).toBeGreaterThan(0);
  });

  it('finds the user whatever the case of the username and with spaces around it', async () => {
    const { username } = await register(new Client(server.url), uniqueName('Case'));
    for (const typed of [username.toUpperCase(), username.toLowerCase(), `  ${username} `]) {
      const client = new Client(server.url);
      await loginOk(client, typed, password);
      expect((await whoAmI(client)).body.username).toBe(username);
    }
  });

  it('after logout, logging in again works', async () => {
    const client = new Client(server.url);
    const { username } = await register(client, uniqueName('again'));
    expect((await client.post('/api/logout')).status).toBe(200);
    expect((await whoAmI(client)).status).toBe(401);
    await loginOk(client, username, password);
    expect((await whoAmI(client)).body.username).toBe(username);
  });

  it.each([
    ['an empty username', { username: '', password }, 'Username is required'],
    ['a username of spaces', { username: '   ', password }, 'Username is required'],
    ['an empty password', { username: 'someone', password: '' }, 'Password is required'],
    [
      'a 51-character username',
      { username: 'a'.repeat(51), password },
      'Username must be at most 50 characters',
    ],
    [
      'a 101-character password',
      { username: 'someone', password: 'p'.repeat(101) },
      'Password must be at most 100 characters',
    ],
  ])('refuses %s with 400 and the message', async (_, body, message) => {
    const reply = await new Client(server.url).post('/api/login', body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'invalid_request', message });
  });
});

describe('no account enumeration (check 12)', () => {
  it('a wrong password and an unknown username get the same answer, in comparable time', async () => {
    const server = await serverFor();
    const users: string[] = [];
    for (let i = 0; i < 4; i++)
      users.push((await register(new Client(server.url), uniqueName('t'))).username);
    // The throttle (tested below) would step in after 5 failures per name and 50 per address:
    // this test forgets the failures every 8 rounds, so that only the hashing is timed.
    const forgetFailures = () => server.deps.db.deleteFrom('loginFailures').execute();
    const client = new Client(server.url);
    // Warm up both paths (the dummy hash is computed on first use).
    await login(client, uniqueName('nobody'), password);
    await login(client, users[0], 'wrong password');

    // 40 of each, alternating which goes first, so that load from other tests hits both alike.
    const times = { unknown: [] as number[], wrong: [] as number[] };
    const replies: Reply[] = [];
    for (let i = 0; i < 40; i++) {
      if (i % 8 === 0) await forgetFailures();
      for (const kind of i % 2 ? (['wrong', 'unknown'] as const) : (['unknown', 'wrong'] as const)) {
        const username = kind === 'unknown' ? uniqueName('nobody') : users[i % users.length];
        const start = performance.now();
        const reply = await login(client, username, `wrong password ${i}`);
        times[kind].push(performance.now() - start);
        replies.push(reply);
      }
    }
    for (const reply of replies) {
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ code: 'unauthorized', message: 'Invalid username or password' });
      expect(reply.headers.getSetCookie()).toEqual([]);
    }
    const medians = { unknown: median(times.unknown), wrong: median(times.wrong) };
    expect(medians.unknown / medians.wrong, JSON.stringify(medians)).toBeGreaterThanOrEqual(0.5);
  });
});

describe('login throttling (check 13)', () => {
  let server: TestServer;
  let clock: TestClock;
  beforeAll(async () => {
    clock = testClock();
    // Behind one proxy, so that each client can come from an address of its own.
    server = await serverFor({ clock, env: { TRUST_PROXY: '1' } });
  });
  let addressCount = 0;
  /** A browser at an address no other test uses. */
  const elsewhere = () => new Client(server.url, { 'x-forwarded-for': `198.51.100.${++addressCount}` });

  it('after 5 failures for a username from one address, that address gets 429 with Retry-After even with the right password, until 15 minutes pass', async () => {
    const { username } = await register(elsewhere(), uniqueName('victim'));
    const attacker = elsewhere();
    for (let i = 0; i < 5; i++) {
      expect((await login(attacker, username, `guess ${i}`)).status).toBe(401);
    }
    const locked = await login(attacker, username, password);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/too many failed login attempts for this username/i);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(locked.headers.getSetCookie()).toEqual([]);

    // Another account behind the same address is not locked out.
    const other = await register(elsewhere(), uniqueName('neighbour'));
    await loginOk(new Client(server.url, attacker.headers), other.username, password);

    clock.advance(14 * MINUTE);
    const stillLocked = await login(attacker, username, password);
    expect(stillLocked.status).toBe(429);
    expect(Number(stillLocked.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    clock.advance(MINUTE);
    await loginOk(attacker, username, password);
  });

  it('an attacker cannot lock the owner out: the right password from an address without failures logs in', async () => {
    const { username } = await register(elsewhere(), uniqueName('owner'));
    const attacker = elsewhere();
    for (let i = 0; i < 5; i++) expect((await login(attacker, username, `guess ${i}`)).status).toBe(401);
    expect((await login(attacker, username, password)).status).toBe(429);
    await loginOk(elsewhere(), username, password);
  });

  it('failures from many addresses slow that account down, growing with each, and never block it', async () => {
    const { username } = await register(elsewhere(), uniqueName('targeted'));
    const timedLogin = async () => {
      const started = performance.now();
      await loginOk(elsewhere(), username, password);
      return performance.now() - started;
    };
    const before = await timedLogin();
    // 14 guesses from 7 addresses at once: none reaches its own limit of 5.
    const guess = (address: string, i: number) =>
      login(new Client(server.url, { 'x-forwarded-for': address }), username, `spread guess ${i}`);
    const spread = await Promise.all(Array.from({ length: 14 }, (_, i) => guess(`203.0.113.${i % 7}`, i)));
    expect(spread.map((r) => r.status)).toEqual(Array(14).fill(401));
    const slowed = await timedLogin();
    expect(slowed).toBeGreaterThan(before + 1500);
    // More failures (short of the hourly limit), a longer wait, up to a bound; the owner still logs in.
    const more = await Promise.all(Array.from({ length: 14 }, (_, i) => guess(`203.0.114.${i}`, i)));
    expect(more.map((r) => r.status)).toEqual(Array(14).fill(401));
    const slowest = await timedLogin();
    expect(slowest).toBeGreaterThan(slowed + 500);
    expect(slowest).toBeLessThan(5000);
  });

  it('counts failures for a username whatever its case or surrounding spaces', async () => {
    const { username } = await register(elsewhere(), uniqueName('Mixed'));
    const attacker = elsewhere();
    for (const typed of [
      username,
      username.toUpperCase(),
      username.toLowerCase(),
      ` ${username}`,
      `${username} `,
    ]) {
      expect((await login(attacker, typed, 'guess')).status).toBe(401);
    }
    expect((await login(attacker, username, password)).status).toBe(429);
  });

  it('a successful login forgets earlier failures: an owner who mistypes now and then is never locked out', async () => {
    const { username } = await register(elsewhere(), uniqueName('typo'));
    const owner = elsewhere();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await login(owner, username, 'typo')).status).toBe(401);
      await loginOk(owner, username, password);
    }
  });

  it('guesses sent all at once from one address get no more than 5 passwords checked, and that address is then refused', async () => {
    const { username } = await register(elsewhere(), uniqueName('burst'));
    const from = { 'x-forwarded-for': '192.0.2.77' };
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(new Client(server.url, from), username, `burst guess ${i}`)),
    );
    // Then one at a time: together with the burst, exactly 5 guesses are ever checked (401).
    const after: Reply[] = [];
    for (let i = 0; i < 7; i++) after.push(await login(new Client(server.url, from), username, `slow ${i}`));
    const statuses = [...burst, ...after].map((r) => r.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(after.at(-1)?.status).toBe(429);
    expect((await login(new Client(server.url, from), username, password)).status).toBe(429);
  });
});

describe('guessing one account from ever new addresses (check 56)', () => {
  let server: TestServer;
  let clock: TestClock;
  beforeAll(async () => {
    clock = testClock();
    server = await serverFor({ clock, env: { TRUST_PROXY: '1' } });
  });
  let addressCount = 0;
  const freshAddress = () => ({
    'x-forwarded-for': `100.64.${Math.floor(++addressCount / 250)}.${addressCount % 250}`,
  });

  it('at most 30 guesses an hour get an answer about the password; the owner’s browser still logs in from a new address', async () => {
    const owner = new Client(server.url, freshAddress());
    const { username } = await register(owner, uniqueName('rotated'));
    // 80 guesses, each from an address never seen before, as a botnet or rotating proxies send them.
    const statuses: number[] = [];
    for (let batch = 0; batch < 4; batch++) {
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          login(new Client(server.url, freshAddress()), username, `rotating guess ${batch}-${i}`),
        ),
      );
      statuses.push(...replies.map((r) => r.status));
    }
    // Guesses racing each other may be refused before the limit is full: then one at a time
    // until one is refused.
    for (let i = 0; i <= 30 && (i === 0 || statuses.at(-1) !== 429); i++) {
      statuses.push((await login(new Client(server.url, freshAddress()), username, `one more ${i}`)).status);
    }
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(30);
    expect(statuses.at(-1)).toBe(429);

    // A stranger gets no answer about the password, even the right one: the same 429.
    const stranger = await login(new Client(server.url, freshAddress()), username, password);
    expect(stranger.status).toBe(429);
    expect(stranger.body.message).toMatch(/only accepts logins from browsers that signed in to it before/);
    const retryAfter = Number(stranger.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(50 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);

    // The owner's browser, now on another network, still logs in.
    const travelling = new Client(server.url, freshAddress());
    for (const [name, value] of owner.cookies) travelling.cookies.set(name, value);
    await loginOk(travelling, username, password);

    // An hour later anyone may try again.
    clock.advance(61 * MINUTE);
    await loginOk(new Client(server.url, freshAddress()), username, password);
  });

  it('a forged cookie does not count as a browser that signed in before', async () => {
    const { username } = await register(new Client(server.url, freshAddress()), uniqueName('forged'));
    for (let batch = 0; batch < 2; batch++) {
      await Promise.all(
        Array.from({ length: 15 }, () => login(new Client(server.url, freshAddress()), username, 'guess')),
      );
    }
    const forger = new Client(server.url, freshAddress());
    forger.cookies.set('known', 'anything.at.all');
    expect((await login(forger, username, password)).status).toBe(429);
  });
});

describe('TRUST_PROXY as a number of proxies (check 13)', () => {
  it('with TRUST_PROXY=1, a forged left-most X-Forwarded-For entry does not change the address the limits see', async () => {
    const server = await serverFor({ env: { TRUST_PROXY: '1' } });
    const { username } = await register(new Client(server.url), uniqueName('forger'));
    // The balancer appends the client's real address; what the client wrote stays on the left.
    const from = (i: number) => new Client(server.url, { 'x-forwarded-for': `10.9.8.${i}, 192.0.2.200` });
    for (let i = 0; i < 5; i++) expect((await login(from(i), username, `guess ${i}`)).status).toBe(401);
    const sixth = await login(from(99), username, password);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/for this username from your network/);
  });

  it('refuses TRUST_PROXY=true, which trusts whatever a client writes, with a sentence saying what to set', async () => {
    const env = { NODE_ENV: 'test', DATA_DIR: join(tmpdir(), 'vectrace-trust-proxy') };
    expect(() => loadConfig({ ...env, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY.*number of proxies in front of the server \(1 for one load balancer\)/,
    );
    expect(() => loadConfig({ ...env, TRUST_PROXY: '10.0.0.0/8,not-an-address' })).toThrow(
      /TRUST_PROXY.*not not-an-address/,
    );
    expect(loadConfig({ ...env, TRUST_PROXY: '10.0.0.0/8, 192.168.1.20' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.20',
    ]);
  });
});

describe('per-address cap (check 13)', () => {
  it('50 failed logins over many usernames from one address stop further attempts with 429', async () => {
    const server = await serverFor();
    const { username } = await register(new Client(server.url), uniqueName('sprayed'));
    const sprayer = new Client(server.url);
    // One guess per name, as a password sprayer would: no username reaches its own limit.
    for (let i = 0; i < 50; i++) {
      const reply = await login(sprayer, uniqueName('spray'), 'Summer2024!');
      expect(reply.status, `attempt ${i + 1}`).toBe(401);
    }
    for (const name of [uniqueName('spray'), username]) {
      const reply = await login(sprayer, name, name === username ? password : 'Summer2024!');
      expect(reply.status).toBe(429);
      expect(reply.body.message).toMatch(/too many failed login attempts/i);
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
