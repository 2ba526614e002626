import { weakPasswordMessage } from '@vectrace/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../dist/features/auth/passwords.js';
import { login, loginOk, password, publicUserKeys, uniqueName, whoAmI } from './support/auth.js';
import { Client } from './support/client.js';
import { register } from './support/flows.js';
import { serversOfFile, type TestServer } from './support/server.js';

// Sign-up and the passwords it takes: what is refused, what is stored, what logs in.

// Servers start in well under a second, so tests that move the clock or fill a throttle get one
// of their own.
const serverFor = serversOfFile();

describe('sign-up', () => {
  let server: TestServer;
  // Far more sign-ups than one address may make in 15 minutes (that limit has its own test).
  beforeAll(async () => {
    server = await serverFor({ env: { REGISTER_LIMIT_PER_IP: '1000' } });
  });

  const usernameOf = (length: number) => uniqueName('v').padEnd(length, 'x').slice(-length);
  const valid = () => {
    const username = uniqueName('s');
    return { username, email: `${username}@example.com`, password };
  };
  // An email of exactly `length` characters: a short local part and 60-character domain labels.
  const longEmail = (length: number) => {
    const local = uniqueName('m');
    let rest = length - local.length - '@'.length - '.com'.length;
    const labels: string[] = [];
    for (; rest > 61; rest -= 61) labels.push('d'.repeat(60));
    labels.push('e'.repeat(rest));
    return `${local}@${labels.join('.')}.com`;
  };

  it.each([
    ['a 2-character username', { username: 'ab' }, 'Username must be at least 3 characters'],
    ['a 51-character username', { username: 'a'.repeat(51) }, 'Username must be at most 50 characters'],
    [
      'a username with a space',
      { username: 'bad name' },
      'Username can only contain letters, numbers, hyphens, and underscores',
    ],
    [
      'a username with a dot',
      { username: 'bad.name' },
      'Username can only contain letters, numbers, hyphens, and underscores',
    ],
    [
      'a username with an accent',
      { username: 'josé' },
      'Username can only contain letters, numbers, hyphens, and underscores',
    ],
    ['an email without @', { email: 'not-an-email' }, 'Invalid email format'],
    ['an email without a domain', { email: 'someone@' }, 'Invalid email format'],
    ['a 256-character email', { email: longEmail(256) }, 'Email must be at most 255 characters'],
    ['a 7-character password', { password: '1234567' }, 'Password must be at least 8 characters'],
    ['a 101-character password', { password: 'p'.repeat(101) }, 'Password must be at most 100 characters'],
    ['no username', { username: undefined }, 'Username is required'],
  ])('%s is refused with 400 and the spec message, and no account is made', async (_, change, message) => {
    const client = new Client(server.url);
    const input = { ...valid(), ...change };
    const reply = await client.post('/api/register', input);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'invalid_request', message });
    expect(reply.headers.getSetCookie()).toEqual([]);
    const rows = await server.deps.db
      .selectFrom('users')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('email', '=', String(input.email).toLowerCase()),
          eb('usernameKey', '=', String(input.username).toLowerCase()),
        ]),
      )
      .execute();
    expect(rows).toEqual([]);
  });

  it('accepts every limit exactly: 3 and 50 character usernames, a 255 character email, 9 and 100 character passwords', async () => {
    expect(longEmail(255)).toHaveLength(255);
    for (const change of [
      { username: usernameOf(3) },
      { username: usernameOf(50) },
      { email: longEmail(255) },
      // Any 8 characters are judged guessable (zxcvbn: 10^8 guesses at most), 9 random ones are not.
      { password: 'k7#pQ2zxW' },
      { password: 'glacier mosaic tundra violin '.repeat(4).slice(0, 100) },
    ]) {
      const input = { ...valid(), ...change };
      const reply = await new Client(server.url).post('/api/register', input);
      expect(reply.status, `${JSON.stringify(change)}: ${reply.text}`).toBe(201);
      expect(reply.body.username).toBe(input.username);
      await loginOk(new Client(server.url), input.username, input.password);
    }
  });

  it('answers 201 with the username, signs the new user in, and never returns the password or its hash', async () => {
    const client = new Client(server.url);
    const input = valid();
    const reply = await client.post('/api/register', input);
    expect(reply.status).toBe(201);
    expect(reply.body.username).toBe(input.username);
    expect(Object.keys(reply.body).sort()).toEqual(publicUserKeys);
    expect(reply.text).not.toContain(input.password);
    expect(reply.text).not.toContain('$argon2');
    const me = await whoAmI(client);
    expect(me.status).toBe(200);
    expect(me.body).toEqual(reply.body);
  });

  it('refuses a taken username with 409, also when only its case differs', async () => {
    const first = valid();
    expect((await new Client(server.url).post('/api/register', first)).status).toBe(201);
    for (const username of [first.username, first.username.toUpperCase()]) {
      const reply = await new Client(server.url).post('/api/register', {
        ...valid(),
        username,
      });
      expect(reply.status, username).toBe(409);
      expect(reply.body.message).toMatch(/username is already taken/i);
      expect(reply.headers.getSetCookie()).toEqual([]);
    }
    // The original owner's password still works: nothing was overwritten.
    await loginOk(new Client(server.url), first.username, first.password);
  });

  it('answers an address that has an account as any other, makes the account without it, and tells the address’s owner by mail (check 64)', async () => {
    const mailsTo = (to: string) =>
      server.deps.db.selectFrom('outbox').selectAll().where('to', '=', to).execute();
    const owner = valid();
    expect((await new Client(server.url).post('/api/register', owner)).status).toBe(201);
    // A fresh address and the owner's (in another case): the same status, fields and cookies.
    const fresh = await new Client(server.url).post('/api/register', valid());
    const someone = new Client(server.url);
    const input = { ...valid(), email: owner.email.toUpperCase() };
    const known = await someone.post('/api/register', input);
    for (const reply of [fresh, known]) {
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body).sort()).toEqual(publicUserKeys);
      expect(reply.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(
        fresh.headers.getSetCookie().map((c) => c.split('=')[0]),
      );
    }
    // The new account shows the address as typed, like any account does...
    expect(known.body.email).toBe(owner.email.toLowerCase());
    expect((await someone.get('/api/account')).body.email).toBe(owner.email.toLowerCase());
    // ...but it is not theirs: the owner's account is untouched, and its owner is told, once.
    await loginOk(new Client(server.url), owner.username, owner.password);
    let mails: Awaited<ReturnType<typeof mailsTo>> = [];
    for (let tries = 0; tries < 100 && mails.length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      mails = await mailsTo(owner.email);
    }
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Someone signed up with your address');
    expect(mails[0]?.text).toContain(`your account ${owner.username}`);
    expect(mails[0]?.text).toContain(`${server.url}/auth`);
    const again = await new Client(server.url).post('/api/register', { ...valid(), email: owner.email });
    expect(again.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it('gives one account and clean 409s when the same username is submitted five times at once', async () => {
    const username = uniqueName('race');
    const replies = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        new Client(server.url).post('/api/register', {
          username,
          email: `${username}${i}@example.com`,
          password,
        }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await server.deps.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('check 18: plan, limits and usage sent at sign-up are ignored: a free account with 5 conversions', async () => {
    const client = new Client(server.url);
    const input = valid();
    const forcedId = '00000000-0000-4000-8000-000000000000';
    const reply = await client.post('/api/register', {
      ...input,
      id: forcedId,
      planType: 'pro',
      conversionsLimit: 9999,
      conversionsUsed: 3,
      paymentStatus: 'paid',
      stripeCustomerId: 'cus_forged',
      stripeSubscriptionId: 'sub_forged',
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(reply.status).toBe(201);
    const me = await whoAmI(client);
    expect(me.body).toMatchObject({ planType: 'free', conversionsLimit: 5, conversionsUsed: 0 });
    expect(me.body.id).not.toBe(forcedId);
    expect(me.body.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    const row = await server.deps.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', input.username)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ planType: 'free', conversionsLimit: 5, conversionsUsed: 0 });
    expect(row.stripeCustomerId).toBeNull();
    expect(row.stripeSubscriptionId).toBeNull();
  });
});

describe('sign-up rate limit', () => {
  it('refuses the 21st sign-up from one address within 15 minutes with 429 and a message', async () => {
    const server = await serverFor();
    for (let i = 0; i < 20; i++) await register(new Client(server.url), uniqueName('r'));
    const reply = await new Client(server.url).post('/api/register', {
      username: uniqueName('r'),
      email: `${uniqueName('r')}@example.com`,
      password,
    });
    expect(reply.status).toBe(429);
    expect(reply.body.message).toEqual(expect.any(String));
    expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('passwords (check 11)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await serverFor();
  });

  it('stores an argon2id hash at m=19456, t=2, p=1, never the password', async () => {
    const { username } = await register(new Client(server.url), uniqueName('h'));
    const row = await server.deps.db
      .selectFrom('users')
      .select('password')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect(row.password.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(row.password).not.toContain(password);
  });

  it('logs in with the exact password only: a trailing or leading space, or another case, is refused', async () => {
    const { username } = await register(new Client(server.url), uniqueName('h'));
    for (const wrong of [`${password} `, ` ${password}`, password.toUpperCase(), password.slice(0, -1)]) {
      const reply = await login(new Client(server.url), username, wrong);
      expect(reply.status, JSON.stringify(wrong)).toBe(401);
      expect(reply.headers.getSetCookie()).toEqual([]);
    }
    await loginOk(new Client(server.url), username, password);
  });

  it('a password with spaces around it, from before sign-up refused them, logs in only as typed', async () => {
    const { username } = await register(new Client(server.url), uniqueName('sp'));
    const spaced = '  spaced out pass  ';
    await server.deps.db
      .updateTable('users')
      .set({ password: await hashPassword(spaced) })
      .where('username', '=', username)
      .execute();
    expect((await login(new Client(server.url), username, spaced.trim())).status).toBe(401);
    await loginOk(new Client(server.url), username, spaced);
  });
});

describe('weak passwords (checks 45 and 56)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await serverFor({ env: { REGISTER_LIMIT_PER_IP: '1000' } });
  });
  // Each refused with a sentence saying what to do; `username` is the account's own name.
  const refusals = (username: string) =>
    [
      ['password', weakPasswordMessage],
      ['12345678', weakPasswordMessage],
      ['PassWord', weakPasswordMessage],
      ['iloveyou', weakPasswordMessage],
      ['qwertyuiop', weakPasswordMessage],
      ['aaaaaaaa', weakPasswordMessage],
      ['00000000', weakPasswordMessage],
      ['vectrace123', weakPasswordMessage],
      ['Vectrace2026!', weakPasswordMessage],
      [`${username}${username}`, weakPasswordMessage],
      [`${username}@example.com`, weakPasswordMessage],
      ['        ', 'Password cannot be only spaces'],
      ['\t \t \t \t ', 'Password cannot be only spaces'],
      [' unrelated ferry quartz', 'Password cannot start or end with a space'],
      ['unrelated ferry quartz\t', 'Password cannot start or end with a space'],
    ] as const;

  it('are refused at sign-up with a sentence saying what to do, and no account is made', async () => {
    for (let i = 0; i < refusals('').length; i++) {
      const name = uniqueName('weak');
      const [typed, message] = refusals(name)[i];
      const reply = await new Client(server.url).post('/api/register', {
        username: name,
        email: `${name}@example.com`,
        password: typed,
      });
      expect(reply.status, JSON.stringify(typed)).toBe(400);
      expect(reply.body.message, JSON.stringify(typed)).toBe(message);
      expect((await login(new Client(server.url), name, typed)).status).toBe(401);
    }
  });

  it('are refused at password change, and the old password keeps working', async () => {
    const client = new Client(server.url);
    const { username } = await register(client, uniqueName('changer'));
    // Those of the issue and one of spaces: a password change takes 10 tries per 15 minutes.
    const picked = refusals(username).filter(([typed]) =>
      ['aaaaaaaa', '00000000', 'vectrace123', `${username}${username}`, '        '].includes(typed),
    );
    expect(picked).toHaveLength(5);
    for (const [typed, message] of picked) {
      const reply = await client.post('/api/account/password', {
        currentPassword: password,
        newPassword: typed,
      });
      expect(reply.status, JSON.stringify(typed)).toBe(400);
      expect(reply.body.message, JSON.stringify(typed)).toBe(message);
    }
    await loginOk(new Client(server.url), username, password);
  });

  it('a long random passphrase, or one with spaces inside, is accepted', async () => {
    for (const phrase of ['glacier mosaic tundra violin', 'my own  phrase,  my  rules', 'xT9#qLm2$vR8pZ4w']) {
      const username = uniqueName('strong');
      const reply = await new Client(server.url).post('/api/register', {
        username,
        email: `${username}@example.com`,
        password: phrase,
      });
      expect(reply.status, `${phrase}: ${reply.text}`).toBe(201);
      await loginOk(new Client(server.url), username, phrase);
    }
  });
});
