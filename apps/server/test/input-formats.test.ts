import type { Conversion } from '@vectrace/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, answer } from './support/api.js';
import { Client } from './support/client.js';
import { register, settled, upload } from './support/flows.js';
import { damagedPng, logoAs, logoBmp, logoPng } from './support/images.js';
import { makePro, startTestServer, storedObject, type TestServer } from './support/server.js';

// The logo (a disc and a bar) in each of the types added to PNG and JPEG, with the name and the
// media type a browser or a script gives it.
const inputs = async () =>
  [
    { name: 'logo.webp', type: 'image/webp', bytes: await logoAs('webp', 120) },
    { name: 'logo.gif', type: 'image/gif', bytes: await logoAs('gif', 120) },
    { name: 'logo.bmp', type: 'image/bmp', bytes: await logoBmp(120) },
    { name: 'logo.tiff', type: 'image/tiff', bytes: await logoAs('tiff', 120) },
  ] as const;

describe('WebP, GIF, BMP and TIFF images', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('give SVGs through /api/v1/vectorize, as a form file and as the whole body', async () => {
    const { secret } = await accountWithKey(server, { pro: true });
    for (const { name, type, bytes } of await inputs()) {
      const form = new FormData();
      form.set('image', new Blob([bytes], { type }), name);
      const fromForm = await answer(
        await fetch(`${server.url}/api/v1/vectorize?wait=30`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secret}` },
          body: form,
        }),
      );
      expect(fromForm.status, `${name}: ${JSON.stringify(fromForm.json)}`).toBe(200);
      const svg = Buffer.from(fromForm.bytes).toString();
      expect(svg, name).toMatch(/^(<\?xml[^>]*>\s*)?<svg[\s>]/);
      // The disc and the bar: the image was read, not traced as a blank page.
      expect(svg.match(/<path\b/g)?.length ?? 0, name).toBeGreaterThanOrEqual(1);
      expect(svg, name).toMatch(/viewBox="0 0 120 120"/);
      expect(fromForm.headers.get('content-disposition'), name).toBe('attachment; filename="logo.svg"');

      const whole = await answer(
        await fetch(`${server.url}/api/v1/vectorize?wait=30&format=pdf`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secret}`, 'content-type': type },
          body: bytes,
        }),
      );
      expect(whole.status, `${name} as the body: ${JSON.stringify(whole.json)}`).toBe(200);
      expect(Buffer.from(whole.bytes.subarray(0, 5)).toString(), name).toBe('%PDF-');
    }
  });

  it('give SVGs through the site: upload, conversion, and the original served back for the preview', async () => {
    const client = new Client(server.url);
    const { username } = await register(client);
    await makePro(server, username);
    for (const { name, type, bytes } of await inputs()) {
      const { ticket, put } = await upload(client, bytes, type);
      expect(put.status, `${name}: ${JSON.stringify(put.body)}`).toBe(200);
      const created = await client.post<Conversion>('/api/conversions', {
        originalFileName: name,
        originalFileUrl: ticket.objectPath,
      });
      expect(created.status, `${name}: ${created.text}`).toBe(201);
      const done = await settled(client, created.body.id);
      expect(done.status, `${name}: ${done.errorMessage}`).toBe('completed');
      expect(done.vectorCount, name).toBeGreaterThanOrEqual(1);
      // The history's thumbnail of the original.
      const thumbnail = await fetch(`${server.url}/api/conversions/${done.id}/thumbnail`, {
        headers: { cookie: client.cookieHeader },
      });
      expect(thumbnail.status, `${name} thumbnail`).toBe(200);
      const thumb = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
      expect([thumb.format, thumb.width, thumb.height], name).toEqual(['png', 120, 120]);

      const original = await fetch(`${server.url}${ticket.objectPath}`, {
        headers: { cookie: client.cookieHeader },
      });
      expect(original.status, name).toBe(200);
      const served = Buffer.from(await original.arrayBuffer());
      if (type === 'image/tiff') {
        // Browsers but Safari show no TIFF: the preview gets the same picture as PNG.
        expect(original.headers.get('content-type'), name).toBe('image/png');
        const shown = await sharp(served).raw().toBuffer({ resolveWithObject: true });
        const sent = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
        expect([shown.info.width, shown.info.height]).toEqual([120, 120]);
        expect(shown.data.equals(sent.data), name).toBe(true);
      } else {
        expect(original.headers.get('content-type'), name).toBe(type);
        expect(served.equals(bytes), name).toBe(true);
      }
    }
  });

  it('a GIF named .png is refused at conversion, naming the ending it should have', async () => {
    const client = new Client(server.url);
    const { ticket, put } = await upload(client, await logoAs('gif', 60), 'image/png');
    expect(put.status).toBe(200);
    const refused = await client.post<{ message: string }>('/api/conversions', {
      originalFileName: 'logo.png',
      originalFileUrl: ticket.objectPath,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'File type must match the file name: this file is a GIF image, so its name should end in .gif.',
    );
  });
});

describe('an image that cannot be read is refused at upload', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('a damaged PNG: the PUT answers 400 with a sentence naming the problem, keeps nothing, and it cannot be converted', async () => {
    const client = new Client(server.url);
    const { ticket, put } = await upload(client, await damagedPng());
    expect(put.status).toBe(400);
    const message = (put.body as { message?: string }).message ?? '';
    expect(message).toMatch(
      /^This PNG image could not be read \(.+\): the file is damaged or incomplete\. Please export or save it again and upload the new file\.$/,
    );
    expect(message).not.toMatch(/\n|Error:|node_modules|Vips/);
    expect(await storedObject(server, `uploads/${ticket.objectPath.split('/').pop()}`)).toBeUndefined();
    const convert = await client.post('/api/conversions', {
      originalFileName: 'logo.png',
      originalFileUrl: ticket.objectPath,
    });
    expect(convert.status).toBe(404);
    expect((await client.get<Conversion[]>('/api/conversions')).body).toEqual([]);

    // The same link takes a good file afterwards: the refusal stored nothing.
    const retry = await fetch(ticket.uploadURL, { method: 'PUT', body: await logoPng(40) });
    expect(retry.status).toBe(200);
  });

  it('an RLE-compressed BMP: refused with what to save it as instead', async () => {
    const client = new Client(server.url);
    const rle = await logoBmp(40);
    rle.writeUInt32LE(1, 30); // BI_RLE8
    const { put } = await upload(client, rle, 'image/bmp');
    expect(put.status).toBe(400);
    expect((put.body as { message?: string }).message).toBe(
      'This BMP image could not be read: its RLE compression is not supported. Please save it as PNG, or as an uncompressed 24-bit BMP, and upload it again.',
    );
  });

  it('a damaged image sent to /api/v1/vectorize gets 400 with the same sentence, and no job', async () => {
    const { secret, client } = await accountWithKey(server, { pro: true });
    const form = new FormData();
    form.set('image', new Blob([await damagedPng()], { type: 'image/png' }), 'logo.png');
    const reply = await answer(
      await fetch(`${server.url}/api/v1/vectorize?wait=30`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}` },
        body: form,
      }),
    );
    expect(reply.status).toBe(400);
    expect(reply.json.message).toMatch(
      /^This PNG image could not be read \(.+\): the file is damaged or incomplete/,
    );
    expect((await client.get<Conversion[]>('/api/conversions')).body).toEqual([]);
  });
});
