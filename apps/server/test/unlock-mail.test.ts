import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unlockToken } from '../dist/features/auth/unlock-link.js';
import { login, loginOk, uniqueName } from './support/auth.js';
import { Client } from './support/client.js';
import { register } from './support/flows.js';
import { startTestServer, type TestClock, type TestServer, testClock } from './support/server.js';

const MINUTE = 60_000;

// The owner on a browser that never signed in (a new phone), while strangers' logins to the account
// are refused (check 56): a mailed link lets that browser try the password.
describe('the owner is never locked out: the e-mailed link for a new browser (checks 13 and 56)', () => {
  let server: TestServer;
  let clock: TestClock;
  beforeAll(async () => {
    clock = testClock();
    server = await startTestServer({ clock, env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => server?.stop());
  let addressCount = 0;
  const freshAddress = () => ({
    'x-forwarded-for': `100.66.${Math.floor(++addressCount / 250)}.${addressCount % 250}`,
  });
  const stranger = () => new Client(server.url, freshAddress());

  const mailsTo = (to: string) =>
    server.deps.db.selectFrom('outbox').selectAll().where('to', '=', to).orderBy('createdAt').execute();
  /** The outbox's mails to `to` once there are `count` of them (they are written in the background). */
  async function waitForMails(to: string, count: number) {
    for (let tries = 0; tries < 200; tries++) {
      const rows = await mailsTo(to);
      if (rows.length >= count) return rows;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`fewer than ${count} mails to ${to} in the outbox`);
  }
  const tokenIn = (text: string) => {
    const link = text.split('\n').find((line) => line.startsWith(`${server.url}/auth?unlock=`));
    expect(link, text).toBeDefined();
    return decodeURIComponent(new URL(link as string).searchParams.get('unlock') ?? '');
  };

  /** Fails logins from ever new addresses until strangers are refused. */
  async function targeted(username: string) {
    await Promise.all(Array.from({ length: 30 }, (_, i) => login(stranger(), username, `guess ${i}`)));
    for (let i = 0; i < 30; i++) {
      if ((await login(stranger(), username, `one more ${i}`)).status === 429) return;
    }
    throw new Error('strangers were never refused');
  }

  it('refused strangers bring one mail per 15 minutes; its link lets a new browser log in with the password, and alone signs in no one', async () => {
    const { username, email, password } = await register(stranger(), uniqueName('owner'));
    await targeted(username);

    // However many strangers are refused, with the right password or not, the owner gets one mail.
    const refused = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(stranger(), username, i % 2 ? password : `wrong ${i}`)),
    );
    expect(refused.map((r) => r.status)).toEqual(Array(12).fill(429));
    expect(refused[1].body.message).toMatch(
      /only accepts logins from browsers that signed in to it before\. We've e-mailed the account's owner a link that lets a new browser sign in; or try again in \d+ minutes\./,
    );
    expect(refused[1].body.message).not.toContain(email);
    const [mail] = await waitForMails(email, 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(email)).toHaveLength(1);
    expect(mail.subject).toBe(`Sign in to ${username} from a new browser`);
    expect(mail.text).toContain('The link alone does not sign anyone in.');

    // The owner's new phone: the link alone signs in no one.
    const phone = stranger();
    const opened = await phone.post('/api/login/unlock', { token: tokenIn(mail.text) });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body).toEqual({
      username,
      message: `This browser can now sign in to ${username}. Enter your password.`,
    });
    expect(phone.cookies.has('sid')).toBe(false);
    expect((await phone.get('/api/user')).status).toBe(401);
    // Its password is checked now: a wrong one is told so, the right one signs in.
    expect((await login(phone, username, 'not my password')).status).toBe(401);
    await loginOk(phone, username, password);
    // Everyone else is still refused.
    expect((await login(stranger(), username, password)).status).toBe(429);

    // Fifteen minutes on, a refused stranger brings the owner a new link.
    clock.advance(16 * MINUTE);
    expect((await login(stranger(), username, 'later guess')).status).toBe(429);
    await waitForMails(email, 2);
  });

  it('a changed, borrowed or expired link marks no browser, and says what to do', async () => {
    const { username, email, password } = await register(stranger(), uniqueName('owner'));
    const other = await register(stranger(), uniqueName('other'));
    await targeted(username);
    const [mail] = await waitForMails(email, 1);
    const token = tokenIn(mail.text);
    const [key, expires, sig] = token.split('.');
    const otherKey = Buffer.from(other.username.toLowerCase()).toString('base64url');
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const forged = [
      `${key}.${expires}.${flipped}`,
      `${otherKey}.${expires}.${sig}`,
      `${key}.${Number(expires) + 24 * 60 * MINUTE}.${sig}`,
      token.slice(0, -5),
      'not-a-token',
    ];
    for (const bad of forged) {
      const browser = stranger();
      const reply = await browser.post('/api/login/unlock', { token: bad });
      expect(reply.status, bad).toBe(400);
      expect(reply.body.message).toMatch(/isn't valid.*Open the link exactly as it is in the e-mail/);
      expect((await login(browser, username, password)).status).toBe(429);
    }

    // A link this server made, an hour and more ago.
    const old = unlockToken(
      server.deps.config.secret,
      username.toLowerCase(),
      new Date(clock().getTime() - 61 * MINUTE),
    );
    const late = stranger();
    const expired = await late.post('/api/login/unlock', { token: old });
    expect(expired.status).toBe(403);
    expect(expired.body.message).toMatch(/expired: links work for an hour\. Log in from this browser again/);
    expect((await login(late, username, password)).status).toBe(429);
  });
});
