import type { Conversion, PaymentIntentAnswer, ReceiptLinkAnswer } from '@vectrace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../dist/config.js';
import { Client } from './support/client.js';
import { register, settled } from './support/flows.js';
import { userWithConversions, visitorWithConversion } from './support/payments.js';
import { startTestServer, type TestServer } from './support/server.js';
import { type SmtpServer, startSmtpServer } from './support/smtp-server.js';

const goodCard = { number: '4242 4242 4242 4242', expiry: '12 / 39', cvc: '123' };

/** Pays $1 for the conversion in the sandbox, as the checkout does: the intent (with the e-mail), then the card. */
async function payInSandbox(client: Client, conversionId: string, email?: string | null) {
  const intent = await client.post<PaymentIntentAnswer>('/api/create-payment-intent', {
    plan: 'pay-per-use',
    amount: 100,
    conversion_id: conversionId,
    ...(email === undefined ? {} : { email }),
  });
  expect(intent.status, intent.text).toBe(200);
  const confirmed = await client.post(`/api/sandbox/payment-intents/${intent.body.paymentIntentId}/confirm`, {
    client_secret: intent.body.clientSecret,
    card: goodCard,
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  return intent.body;
}

/** The conversion id and signature a receipt link carries. */
function linkParts(link: string) {
  const url = new URL(link);
  const id = /^\/restore\/([^/]+)$/.exec(url.pathname)?.[1] ?? '';
  return { id, sig: url.searchParams.get('sig') ?? '' };
}

const restore = (client: Client, link: string) => {
  const { id, sig } = linkParts(link);
  return client.post('/api/restore', { conversion_id: id, sig });
};

// A signature with one character changed: still well-formed, no longer this server's.
const tampered = (sig: string) => `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;

describe('with SMTP_URL, the receipt goes through a real SMTP server', () => {
  let smtp: SmtpServer;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Vectrace <receipts@vectrace.test>' },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('a visitor who pays $1 with an e-mail gets the receipt: the file, the price, the date and a link back', async () => {
    const { client, conversion } = await visitorWithConversion(server);
    await payInSandbox(client, conversion.id, '  buyer-one@example.com ');

    const mail = await smtp.mailTo('buyer-one@example.com');
    expect(mail.from).toBe('receipts@vectrace.test');
    expect(mail.subject).toContain('logo.png');
    expect(mail.subject).toContain('$1.00');
    expect(mail.text).toContain('Image: logo.png');
    expect(mail.text).toContain('Price: $1.00');
    expect(mail.text).toMatch(/Paid: \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC/);
    const link = /(http\S+\/restore\/\S+)/.exec(mail.text)?.[1] ?? '';
    expect(link.startsWith(`${server.url}/restore/${conversion.id}?sig=`)).toBe(true);
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);

    // The owner finds the same link on screen, through the API; nobody else does.
    const onScreen = await client.get<ReceiptLinkAnswer>(`/api/conversions/${conversion.id}/receipt-link`);
    expect(onScreen.status, onScreen.text).toBe(200);
    expect(onScreen.body.url).toBe(link);
    const stranger = new Client(server.url);
    await stranger.post('/api/objects/upload'); // a visitor of its own
    expect((await stranger.get(`/api/conversions/${conversion.id}/receipt-link`)).status).toBe(404);

    // Another browser, with no cookies at all: nothing until the link is opened, then the paid download.
    const elsewhere = new Client(server.url);
    expect((await elsewhere.get(`/api/download/${conversion.id}`)).status).toBe(401);
    const restored = await restore(elsewhere, link);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body).toMatchObject({ id: conversion.id, paymentStatus: 'paid', status: 'completed' });
    const download = await elsewhere.get(`/api/download/${conversion.id}`);
    expect(download.status).toBe(200);
    expect(download.text).toMatch(/^<svg|^<\?xml/);
    expect((await elsewhere.get(`/api/preview/${conversion.id}`)).status).toBe(200);
    expect((await elsewhere.get(`/objects/uploads/${conversion.uploadId}`)).status).toBe(200);

    // The browser that paid keeps it too.
    expect((await client.get(`/api/download/${conversion.id}`)).status).toBe(200);

    // Opened by a visitor who then signs up, it comes along into the account.
    await register(elsewhere);
    expect((await elsewhere.get(`/api/download/${conversion.id}`)).status).toBe(200);
  });

  it('refuses a link whose signature was changed, or moved to another conversion', async () => {
    const paid = await visitorWithConversion(server);
    await payInSandbox(paid.client, paid.conversion.id, 'buyer-two@example.com');
    const link = (await smtp.mailTo('buyer-two@example.com')).text.match(/http\S+\/restore\/\S+/)?.[0] ?? '';
    const { id, sig } = linkParts(link);
    const other = await visitorWithConversion(server);

    const forger = new Client(server.url);
    const forged = await forger.post('/api/restore', { conversion_id: id, sig: tampered(sig) });
    expect(forged.status).toBe(403);
    expect(forged.body.message).toMatch(/^This link was not made by Vectrace, or it was cut short/);
    const moved = await forger.post('/api/restore', { conversion_id: other.conversion.id, sig });
    expect(moved.status).toBe(403);
    expect((await forger.get(`/api/download/${id}`)).status).not.toBe(200);
    expect((await forger.get(`/api/conversions/${other.conversion.id}`)).status).not.toBe(200);
  });

  it("a signed-in buyer's receipt goes to the account's e-mail, without asking", async () => {
    const { client, user, conversion } = await userWithConversions(server);
    await payInSandbox(client, conversion.id);
    const mail = await smtp.mailTo(user.email);
    expect(mail.text).toContain('Price: $1.00');
    expect(mail.text).toContain(`/restore/${conversion.id}?sig=`);
  });

  it('checks the address with the sign-up rules', async () => {
    const { client, conversion } = await visitorWithConversion(server);
    const ask = (email: string) =>
      client.post('/api/create-payment-intent', { plan: 'pay-per-use', conversion_id: conversion.id, email });
    const invalid = await ask('not-an-address');
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('Invalid email format');
    const long = await ask(`${'a'.repeat(250)}@example.com`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Email must be at most 255 characters');
  });

  it('a paid conversion whose files are deleted says so when its link is opened', async () => {
    const { client, conversion } = await visitorWithConversion(server);
    await payInSandbox(client, conversion.id, null);
    const { url } = (await client.get<ReceiptLinkAnswer>(`/api/conversions/${conversion.id}/receipt-link`))
      .body;
    await server.deps.db
      .updateTable('conversions')
      .set({ expiredAt: new Date().toISOString() })
      .where('id', '=', conversion.id)
      .execute();
    const opened = await restore(new Client(server.url), url);
    expect(opened.status).toBe(410);
    expect(opened.body.message).toMatch(/were deleted .* Please upload the image again/);
  });
});

describe('a mail server that cannot be reached', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens there, the connection is refused.
    server = await startTestServer({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
  });
  afterAll(() => server?.stop());

  it('never fails the payment: it verifies and the file downloads', async () => {
    const { client, conversion } = await visitorWithConversion(server);
    const intent = await payInSandbox(client, conversion.id, 'nobody@example.com');
    const verified = await client.post('/api/verify-payment', {
      payment_intent_id: intent.paymentIntentId,
      conversion_id: conversion.id,
    });
    expect(verified.body).toMatchObject({ success: true, paymentStatus: 'paid' });
    expect((await client.get(`/api/download/${conversion.id}`)).status).toBe(200);
  });
});

describe('without SMTP_URL, mail is kept in the outbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  /** The outbox's mail to `to`, once it has been written (it is written beside the payment). */
  async function outboxMailTo(to: string) {
    for (let tries = 0; tries < 200; tries++) {
      const row = await server.deps.db
        .selectFrom('outbox')
        .selectAll()
        .where('to', '=', to)
        .executeTakeFirst();
      if (row) return row;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail to ${to} in the outbox`);
  }

  it('keeps the receipt, shows it at /dev/outbox, and its link works', async () => {
    const { client, conversion } = await visitorWithConversion(server);
    await payInSandbox(client, conversion.id, 'kept@example.com');
    const kept = await outboxMailTo('kept@example.com');
    expect(kept.subject).toContain('logo.png');
    expect(kept.text).toContain('Price: $1.00');
    const link = /http\S+\/restore\/\S+/.exec(kept.text)?.[0] ?? '';

    const page = await new Client(server.url).get('/dev/outbox');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('kept@example.com');
    expect(page.text).toContain(`<a href="${link.replace(/&/g, '&amp;')}">`);

    const elsewhere = new Client(server.url);
    expect((await restore(elsewhere, link)).status).toBe(200);
    expect((await elsewhere.get(`/api/download/${conversion.id}`)).status).toBe(200);
    // The receipt's second link asks to end the first.
    expect(kept.text).toContain(`Shared it by mistake? End the link here`);
    expect(kept.text).toContain(`${link}&end=1`);
  });

  it('a link its holder ends answers 410 everywhere and takes back what it opened; the owner keeps the file and a new link (check 63)', async () => {
    const owner = await userWithConversions(server);
    await payInSandbox(owner.client, owner.conversion.id);
    const linkOf = async () =>
      (await owner.client.get<ReceiptLinkAnswer>(`/api/conversions/${owner.conversion.id}/receipt-link`)).body
        .url;
    const url = await linkOf();
    const holder = new Client(server.url);
    expect((await restore(holder, url)).status).toBe(200);
    const retuned = await holder.post<Conversion>('/api/conversions', {
      originalFileName: 'logo.png',
      originalFileUrl: owner.conversion.originalFileUrl,
      settings: { threshold: 60 },
    });
    expect((await settled(holder, retuned.body.id)).paymentStatus).toBe('paid');

    // A forged link ends nothing; the link itself does.
    const { id, sig } = linkParts(url);
    expect((await holder.post('/api/restore/end', { conversion_id: id, sig: tampered(sig) })).status).toBe(
      403,
    );
    expect((await holder.post('/api/restore/end', { conversion_id: id, sig })).status).toBe(204);

    const opened = await restore(new Client(server.url), url);
    expect(opened.status).toBe(410);
    expect(opened.body).toMatchObject({
      code: 'link_ended',
      message: expect.stringMatching(/^This link has been ended/),
    });
    expect((await holder.get(`/api/conversions/${owner.conversion.id}`)).status).toBe(404);
    expect((await holder.get(`/api/download/${retuned.body.id}`)).status).toBe(402);

    expect((await owner.client.get(`/api/download/${owner.conversion.id}`)).status).toBe(200);
    const renewed = await linkOf();
    expect(renewed).not.toBe(url);
    expect((await restore(new Client(server.url), renewed)).status).toBe(200);
  });

  it('its owner ends the link from the converter: the old one answers 410, the next one works', async () => {
    const owner = await userWithConversions(server);
    await payInSandbox(owner.client, owner.conversion.id);
    const path = `/api/conversions/${owner.conversion.id}/receipt-link`;
    const url = (await owner.client.get<ReceiptLinkAnswer>(path)).body.url;
    // Nobody else ends it from there.
    expect((await new Client(server.url).request('DELETE', path)).status).not.toBe(204);
    expect((await restore(new Client(server.url), url)).status).toBe(200);
    expect((await owner.client.request('DELETE', path)).status).toBe(204);
    expect((await restore(new Client(server.url), url)).status).toBe(410);
    const renewed = (await owner.client.get<ReceiptLinkAnswer>(path)).body.url;
    expect((await restore(new Client(server.url), renewed)).status).toBe(200);
  });

  it("a link holder re-tunes the image without paying again; the owner's account deletion takes it all away", async () => {
    const owner = await userWithConversions(server);
    await payInSandbox(owner.client, owner.conversion.id);
    const { url } = (
      await owner.client.get<ReceiptLinkAnswer>(`/api/conversions/${owner.conversion.id}/receipt-link`)
    ).body;

    const holder = new Client(server.url);
    expect((await restore(holder, url)).status).toBe(200);
    const retuned = await holder.post<Conversion>('/api/conversions', {
      originalFileName: 'logo.png',
      originalFileUrl: owner.conversion.originalFileUrl,
      settings: { threshold: 60 },
    });
    expect(retuned.status, retuned.text).toBe(201);
    expect((await settled(holder, retuned.body.id)).paymentStatus).toBe('paid');
    expect((await holder.get(`/api/download/${retuned.body.id}`)).status).toBe(200);

    const deleted = await owner.client.post('/api/account/delete', { password: 'correct horse battery' });
    expect(deleted.status, deleted.text).toBe(204);
    expect((await holder.get(`/api/conversions/${retuned.body.id}`)).status).toBe(404);
    const opened = await restore(new Client(server.url), url);
    expect(opened.status).toBe(410);
    expect(opened.body.message).toMatch(/^This conversion has been deleted/);
  });

  it('keeps no page of mail in production', async () => {
    const production = await startTestServer({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1', ALLOW_SANDBOX_PAYMENTS: 'true' },
    });
    try {
      expect((await new Client(production.url).get('/dev/outbox')).status).toBe(404);
    } finally {
      await production.stop();
    }
  });
});

describe('the mail settings', () => {
  const secret = { SESSION_SECRET: 'a-secret-of-at-least-thirty-two-characters' };

  it('name SMTP_URL or MAIL_FROM when they cannot work', () => {
    expect(() => loadConfig({ ...secret, SMTP_URL: 'mail.example:587' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => loadConfig({ ...secret, MAIL_FROM: 'receipts' })).toThrow(
      /MAIL_FROM: must be an e-mail address/,
    );
  });

  it("send from the site's own domain unless MAIL_FROM says otherwise", () => {
    expect(loadConfig({ ...secret, PUBLIC_URL: 'https://vectrace.example' }).mail).toEqual({
      smtpUrl: undefined,
      from: 'Vectrace <receipts@vectrace.example>',
    });
    const set = loadConfig({
      ...secret,
      SMTP_URL: 'smtps://u:p@mail.example:465',
      MAIL_FROM: 'Shop <a@b.example>',
    });
    expect(set.mail).toEqual({ smtpUrl: 'smtps://u:p@mail.example:465', from: 'Shop <a@b.example>' });
  });
});
