import { afterEach, describe, expect, it } from 'vitest';
import { login, loginOk, uniqueName } from '../support/auth.js';
import { Client } from '../support/client.js';
import { type Cluster, startCluster } from '../support/cluster.js';
import { register } from '../support/flows.js';

let cluster: Cluster | undefined;
afterEach(async () => {
  await cluster?.close();
  cluster = undefined;
});

describe('login limits across API processes (checks 49 and 56)', () => {
  it('guesses at one account from rotating addresses through two processes: at most 30 answered in all; the owner’s browser still logs in, and a new one with the mailed link', async () => {
    cluster = await startCluster({ apis: 2, workers: 0, env: { TRUST_PROXY: '1' } });
    const c = cluster;
    let address = 0;
    const fresh = () => ({ 'x-forwarded-for': `100.65.${Math.floor(++address / 250)}.${address % 250}` });
    const owner = new Client(c.apis[0].url, fresh());
    const { username, email, password } = await register(owner, uniqueName('spread'));
    const statuses: number[] = [];
    for (let batch = 0; batch < 3; batch++) {
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          login(new Client(c.apis[i % 2].url, fresh()), username, `guess ${batch}-${i}`),
        ),
      );
      statuses.push(...replies.map((r) => r.status));
    }
    // Guesses racing each other may be refused before the limit is full: then one at a time
    // until one is refused.
    for (let i = 0; i <= 30 && (i === 0 || statuses.at(-1) !== 429); i++) {
      statuses.push((await login(new Client(c.apis[i % 2].url, fresh()), username, `one more ${i}`)).status);
    }
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(30);
    expect(statuses.at(-1)).toBe(429);
    for (const api of [0, 1]) {
      expect((await login(new Client(c.apis[api].url, fresh()), username, password)).status).toBe(429);
    }
    // The owner's browser, on the other process and another network.
    const travelling = new Client(c.apis[1].url, fresh());
    for (const [name, value] of owner.cookies) travelling.cookies.set(name, value);
    await loginOk(travelling, username, password);

    // Strangers refused by both processes at once bring the owner one mail, whose link lets a
    // new browser, on either process, log in with the password.
    const refused = await Promise.all(
      Array.from({ length: 16 }, (_, i) => login(new Client(c.apis[i % 2].url, fresh()), username, password)),
    );
    expect(refused.map((r) => r.status)).toEqual(Array(16).fill(429));
    const mails = async () => c.db.selectFrom('outbox').selectAll().where('to', '=', email).execute();
    for (let tries = 0; tries < 200 && (await mails()).length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = await mails();
    expect(sent).toHaveLength(1);
    const link = new URL(sent[0].text.split('\n').find((line) => line.includes('/auth?unlock=')) ?? '');
    const phone = new Client(c.apis[1].url, fresh());
    const opened = await phone.post('/api/login/unlock', { token: link.searchParams.get('unlock') });
    expect(opened.status, opened.text).toBe(200);
    await loginOk(c.on(phone, 0), username, password);
  });
});
