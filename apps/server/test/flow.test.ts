import type { Conversion } from '@vectrace/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './support/client.js';
import { convert, register, settled, startConversion } from './support/flows.js';
import { logoJpeg, logoPng, whitePng } from './support/images.js';
import { createPaymentIntent } from './support/payments.js';
import { markPaid, startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe('the whole flow over HTTP', () => {
  it('register, upload, convert, poll, preview, and 402 on download', async () => {
    const client = new Client(server.url);
    const user = await register(client);
    expect((await client.get('/api/user')).body.username).toBe(user.username);

    const created = await startConversion(client, await logoPng(), 'logo.png', { smoothness: 70 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ originalFileName: 'logo.png', paymentStatus: 'unpaid' });
    expect(['pending', 'processing']).toContain(created.body.status);
    expect(created.body.settings).toEqual({
      smoothness: 70,
      threshold: 30,
      cornerDetection: 'auto',
      quality: 'standard',
      mode: 'auto',
      colors: 'auto',
      read: 'auto',
      invert: false,
      strokeWidth: 'auto',
      palette: [],
      background: 'keep',
      layering: 'stacked',
      gradients: false,
      shapes: false,
      cutContour: null,
      trace: 'image',
      maxPixels: null,
      drawStyle: 'fillShapes',
      groupBy: 'none',
      svgVersion: '1.1',
      adobeCompatible: false,
    });

    const done = await settled(client, created.body.id);
    expect(done.status).toBe('completed');
    expect(done.vectorCount).toBeGreaterThan(0);
    expect(done.fileSize).toBeGreaterThan(100);
    expect(Date.parse(done.completedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(done.processingStartedAt ?? ''),
    );

    const preview = await fetch(`${server.url}/api/preview/${done.id}`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1024);

    const download = await client.get(`/api/download/${done.id}`);
    expect(download.status).toBe(402);
    expect(download.body.message).toMatch(/Payment required/);

    const list = await client.get<Conversion[]>('/api/conversions');
    expect(list.body.map((c) => c.id)).toEqual([done.id]);
  });

  it('a visitor without an account converts too, and the work moves to the account at sign-up', async () => {
    const visitor = new Client(server.url);
    const done = await convert(visitor, await logoJpeg(), 'photo.jpeg');
    expect(done.status).toBe('completed');
    expect((await visitor.get('/api/user')).status).toBe(401);

    await register(visitor);
    const mine = await visitor.get<Conversion[]>('/api/conversions');
    expect(mine.body.map((c) => c.id)).toEqual([done.id]);
    expect((await visitor.get(`/api/conversions/${done.id}`)).status).toBe(200);
  });

  it('a visitor who signs up between asking for the upload URL and sending the file keeps the upload', async () => {
    const visitor = new Client(server.url);
    const ticket = (await visitor.post('/api/objects/upload')).body;
    await register(visitor);
    const put = await fetch(ticket.uploadURL, { method: 'PUT', body: await logoPng() });
    expect(put.status).toBe(200);
    const created = await visitor.post('/api/conversions', {
      originalFileName: 'logo.png',
      originalFileUrl: ticket.objectPath,
    });
    expect(created.status, created.text).toBe(201);
    expect((await settled(visitor, created.body.id)).status).toBe('completed');
  });

  it('a paid conversion downloads as an SVG attachment, and its preview has no watermark', async () => {
    const client = new Client(server.url);
    await register(client);
    const done = await convert(client, await logoPng());
    const watermarked = await fetch(`${server.url}/api/preview/${done.id}`, {
      headers: { cookie: client.cookieHeader },
    });
    await markPaid(server, done.id);

    const download = await client.get(`/api/download/${done.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="logo.svg"');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(download.text.length).toBe(done.fileSize);

    const clean = await fetch(`${server.url}/api/preview/${done.id}`, {
      headers: { cookie: client.cookieHeader },
    });
    const ink = async (response: Response) => {
      // Previews keep the result's transparency: seen on white, as the viewer can show them.
      const { data } = await sharp(Buffer.from(await response.arrayBuffer()))
        .flatten({ background: '#ffffff' })
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return data.filter((v) => v < 250).length;
    };
    // The watermark adds sparse words all over the picture (kept clear of the logo's edges, about
    // 8 % more ink here); the paid preview has only the logo.
    expect(await ink(watermarked)).toBeGreaterThan((await ink(clean)) * 1.04);
  });

  it('says how the image was read, and fails a result with nothing in it, with what to try and nothing to pay', async () => {
    const client = new Client(server.url);
    await register(client);
    const logo = await convert(client, await logoPng(), 'logo.png');
    expect(logo.reading).toBe('Read as black-and-white art');
    // The mode Auto chose, for "Try it as" to offer the others.
    expect(logo.settings.mode).toBe('auto');
    expect(logo.tracedMode).toBe('bw');

    const blank = await convert(client, whitePng(120, 80), 'blank.png');
    expect(blank.status).toBe('failed');
    expect(blank.reading).toBeNull();
    expect(blank.tracedMode).toBeNull();
    // Auto has looked at it every way: the message does not send the person back to Auto.
    expect(blank.errorMessage).toBe(
      'Nothing was traced: even Auto finds this image blank, or all one color. Check that it is the image you meant; faint marks come out with a lower threshold, in Advanced.',
    );
    const blankBw = await convert(client, whitePng(120, 80), 'blank.png', { mode: 'bw' });
    expect(blankBw.errorMessage).toBe(
      'Nothing was traced: with these settings the image comes out empty. Try the Auto or Color mode, or a lower threshold, in Advanced.',
    );
    const pay = await createPaymentIntent(client, blank.id);
    expect(pay.status).not.toBe(200);
  });
});
