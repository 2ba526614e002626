import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, apiGet } from './support/api.js';
import { Client } from './support/client.js';
import { startTestServer, type TestServer } from './support/server.js';

// Check 56: a password change ends what the old password may have handed out (other sessions,
// and API keys unless the owner keeps them); deleting the account ends everything.
const password = 'correct horse battery'; // the one flows.register uses
const newPassword = 'a brand new secret';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/** The account with a key, and a second browser signed in to it. */
async function accountSignedInTwice() {
  const account = await accountWithKey(server);
  const elsewhere = new Client(server.url);
  const login = await elsewhere.post('/api/login', { username: account.username, password });
  expect(login.status, login.text).toBe(200);
  expect((await apiGet(server, account.secret, '/api/v1/account')).status).toBe(200);
  return { ...account, elsewhere };
}

describe('credentials end together (check 56)', () => {
  it('a password change revokes the API keys and signs out other browsers; this one stays in', async () => {
    const { client, secret, elsewhere } = await accountSignedInTwice();
    const changed = await client.post('/api/account/password', { currentPassword: password, newPassword });
    expect(changed.status, changed.text).toBe(204);
    const call = await apiGet(server, secret, '/api/v1/account');
    expect(call.status).toBe(401);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await client.get('/api/keys')).body.keys).toEqual([]);
  });

  it('keeps the API keys when the owner unticks "Also revoke my API keys"; other browsers still end', async () => {
    const { client, secret, elsewhere } = await accountSignedInTwice();
    const changed = await client.post('/api/account/password', {
      currentPassword: password,
      newPassword,
      revokeApiKeys: false,
    });
    expect(changed.status, changed.text).toBe(204);
    expect((await apiGet(server, secret, '/api/v1/account')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
  });

  it('a refused password change (wrong current password, weak new one) revokes nothing', async () => {
    const { client, secret, elsewhere } = await accountSignedInTwice();
    for (const body of [
      { currentPassword: 'not it at all', newPassword },
      { currentPassword: password, newPassword: 'aaaaaaaa' },
      { currentPassword: password, newPassword, revokeApiKeys: 'yes' },
    ]) {
      expect((await client.post('/api/account/password', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await apiGet(server, secret, '/api/v1/account')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(200);
  });

  it('deleting the account revokes its API keys and ends every session', async () => {
    const { client, secret, elsewhere } = await accountSignedInTwice();
    const deleted = await client.post('/api/account/delete', { password });
    expect(deleted.status, deleted.text).toBe(204);
    expect((await apiGet(server, secret, '/api/v1/account')).status).toBe(401);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    expect((await client.get('/api/user')).status).toBe(401);
  });
});
