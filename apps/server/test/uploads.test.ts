import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { type Conversion, MAX_UPLOAD_BYTES, stableObjectPath, type UploadTicket } from '@vectrace/contract';
import { toSvg, trace } from '@vectrace/tracer';
import { decodeImage } from '@vectrace/tracer/decode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Reply } from './support/client.js';
import { settled, upload } from './support/flows.js';
import { logoAs, logoJpeg, logoPng, truncatedPng, whitePng } from './support/images.js';
import { filesUnder, folderSize, rawPut } from './support/raw-put.js';
import {
  markPaid,
  startTestServer,
  storedObject,
  type TestClock,
  type TestServer,
  testClock,
} from './support/server.js';
import { svgElements, svgProblems } from './support/svg-allowlist.js';

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const tooLargeMessage = 'The image is larger than 10 MB. Please scale it down or compress it and try again.';

/** A plain PUT of bytes to a (possibly tampered) upload URL, as the browser sends it. */
async function put(url: string, bytes: Uint8Array, contentType = 'image/png') {
  const response = await fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: bytes });
  const text = await response.text();
  let body: { message?: string; objectPath?: string } = {};
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body, text };
}

async function ticket(client: Client): Promise<UploadTicket> {
  const reply = await client.post<UploadTicket>('/api/objects/upload');
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}

const uploadIdOf = (objectPath: string) => objectPath.split('/').pop() ?? '';
/** The stored original of an upload (on disk or in S3), or undefined. */
const storedUpload = (server: TestServer, objectPath: string) =>
  storedObject(server, `uploads/${uploadIdOf(objectPath)}`);

/** Uploads bytes that are not a PNG or JPEG the server takes: the PUT answers why, and nothing is kept. */
async function refusedUpload(
  server: TestServer,
  client: Client,
  bytes: Uint8Array,
): Promise<{ status: number; message: string }> {
  const { ticket, put } = await upload(client, bytes);
  expect(await storedUpload(server, ticket.objectPath)).toBeUndefined();
  return { status: put.status, message: (put.body as { message?: string } | undefined)?.message ?? '' };
}

/** Uploads bytes (the PUT must succeed) and asks for a conversion; returns the creation reply. */
async function create(
  client: Client,
  bytes: Uint8Array,
  originalFileName: string,
  settings?: unknown,
): Promise<Reply<Conversion & { message?: string }>> {
  const { ticket, put } = await upload(client, bytes);
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return client.post('/api/conversions', {
    originalFileName,
    originalFileUrl: ticket.objectPath,
    ...(settings === undefined ? {} : { settings }),
  });
}

describe('signed upload URLs', () => {
  let server: TestServer;
  let clock: TestClock;
  beforeAll(async () => {
    clock = testClock();
    server = await startTestServer({ clock });
  });
  afterAll(() => server?.stop());

  it('asking for an upload gives a signed URL and the stable object path the spec derives from it', async () => {
    const client = new Client(server.url);
    const reply = await client.post<UploadTicket>('/api/objects/upload');
    expect(reply.status, reply.text).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['objectPath', 'uploadURL']);
    const { uploadURL, objectPath } = reply.body;
    expect(objectPath).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
    expect(uploadIdOf(objectPath)).toMatch(uuid);
    expect(stableObjectPath(uploadURL)).toBe(objectPath);
    // An absolute address on this server, carrying its expiry and signature.
    const url = new URL(uploadURL);
    expect(url.origin).toBe(server.url);
    expect(url.searchParams.get('expires')).toMatch(/^\d+$/);
    expect(url.searchParams.get('signature')).toBeTruthy();

    const png = await logoPng(40);
    const stored = await put(uploadURL, png);
    expect(stored.status, stored.text).toBe(200);
    expect(stored.body.objectPath).toBe(objectPath);
    expect(await storedUpload(server, objectPath)).toEqual(png);
  });

  it('a file of exactly 10,485,760 bytes is accepted, with a declared length or streamed chunked', async () => {
    const client = new Client(server.url);
    for (const chunked of [false, true]) {
      const { uploadURL, objectPath } = await ticket(client);
      // A real PNG's bytes first: what arrives must read as an image.
      const result = await rawPut(uploadURL, MAX_UPLOAD_BYTES, { chunked, first: await logoPng(30) });
      expect(result, `chunked: ${chunked}`).toMatchObject({ status: 200, body: { objectPath } });
      const file = await storedUpload(server, objectPath);
      expect(file?.length).toBe(MAX_UPLOAD_BYTES);
      expect(file?.subarray(0, 8)).toEqual(pngSignature);
    }
  });

  it('one byte more gets 413 "The image is larger than 10 MB…", declared or chunked, and nothing is kept', async () => {
    const client = new Client(server.url);
    const before = await folderSize(server.dataDir);
    for (const chunked of [false, true]) {
      const { uploadURL, objectPath } = await ticket(client);
      const result = await rawPut(uploadURL, MAX_UPLOAD_BYTES + 1, { chunked, first: pngSignature });
      expect(result.status, `chunked: ${chunked}`).toBe(413);
      expect(result.body?.message).toBe(tooLargeMessage);
      expect(await storedUpload(server, objectPath)).toBeUndefined();
      // The upload cannot be converted: it was never stored.
      const refused = await client.post('/api/conversions', {
        originalFileName: 'big.png',
        originalFileUrl: objectPath,
      });
      expect(refused.status).toBe(404);
      // Nothing was stored, so the same link takes the right file afterwards.
      const retry = await fetch(uploadURL, { method: 'PUT', body: await logoPng(30) });
      expect(retry.status, `retry after chunked: ${chunked}`).toBe(200);
    }
    const files = await filesUnder(server.dataDir);
    expect(files.filter((f) => f.size > MAX_UPLOAD_BYTES)).toEqual([]);
    expect(files.filter((f) => f.path.includes(join('objects', '.partial')))).toEqual([]);
    // The data folder grew by database pages at most, not by the refused megabytes.
    expect((await folderSize(server.dataDir)) - before).toBeLessThan(1024 * 1024);
    expect((await client.get('/healthz')).status).toBe(200);
  });

  it('the server stops reading an oversized upload: a client that ignores the 413 cannot push 128 MB into it', async () => {
    const client = new Client(server.url);
    const before = await folderSize(server.dataDir);
    for (const chunked of [true, false]) {
      const { uploadURL } = await ticket(client);
      const offered = 128 * 1024 * 1024;
      const result = await rawPut(uploadURL, offered, {
        chunked,
        first: pngSignature,
        ignoreAnswer: true,
        stallMs: 1_500,
      });
      expect(result.status, `chunked: ${chunked}`).toBe(413);
      expect(result.body?.message).toBe(tooLargeMessage);
      // Socket buffers take some MB beyond the limit; a server still reading would take all of it.
      expect(result.stopped).not.toBe('complete');
      expect(result.sent).toBeLessThan(offered / 2);
    }
    const files = await filesUnder(server.dataDir);
    expect(files.filter((f) => f.size > MAX_UPLOAD_BYTES)).toEqual([]);
    expect(files.filter((f) => f.path.includes(join('objects', '.partial')))).toEqual([]);
    expect((await folderSize(server.dataDir)) - before).toBeLessThan(1024 * 1024);
    expect((await client.get('/healthz')).status).toBe(200);
  });

  it('an empty (0-byte) file is refused with 400 and a message saying it is empty', async () => {
    const client = new Client(server.url);
    const { uploadURL, objectPath } = await ticket(client);
    const empty = await put(uploadURL, new Uint8Array(0));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/empty/i);
    expect(await storedUpload(server, objectPath)).toBeUndefined();
    const refused = await client.post('/api/conversions', {
      originalFileName: 'empty.png',
      originalFileUrl: objectPath,
    });
    expect(refused.status).toBe(404);
    expect((await client.get('/healthz')).status).toBe(200);
  });

  it('an upload without a Content-Type header is stored too (the PUT does not judge content)', async () => {
    const client = new Client(server.url);
    const { uploadURL, objectPath } = await ticket(client);
    const png = await logoPng(30);
    const response = await fetch(uploadURL, { method: 'PUT', body: png });
    expect(response.status, await response.text()).toBe(200);
    expect(await storedUpload(server, objectPath)).toEqual(png);
  });

  it('a tampered signature, upload id or expiry gets 403 with a clear message and writes nothing', async () => {
    const client = new Client(server.url);
    const png = await logoPng(30);
    const { uploadURL, objectPath } = await ticket(client);
    const url = new URL(uploadURL);
    const signature = url.searchParams.get('signature') ?? '';
    const expires = Number(url.searchParams.get('expires'));

    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const withQuery = (changes: Record<string, string | null>, path = url.pathname) => {
      const copy = new URL(url);
      copy.pathname = path;
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) copy.searchParams.delete(key);
        else copy.searchParams.set(key, value);
      }
      return copy.toString();
    };
    const forgedId = '00000000-0000-4000-8000-000000000000';
    const attempts = {
      'a changed signature': withQuery({ signature: flipped }),
      'no signature': withQuery({ signature: null }),
      'no expiry': withQuery({ expires: null }),
      'a later expiry': withQuery({ expires: String(expires + 3_600_000) }),
      'another upload id': withQuery({}, url.pathname.replace(uploadIdOf(objectPath), forgedId)),
    };
    for (const [what, tampered] of Object.entries(attempts)) {
      const reply = await put(tampered, png);
      expect(reply.status, what).toBe(403);
      expect(reply.body.message, what).toMatch(/upload link is not valid.*upload the file again/i);
    }
    expect(await storedUpload(server, objectPath)).toBeUndefined();
    expect(await storedObject(server, `uploads/${forgedId}`)).toBeUndefined();
    // None of those spent the real link: it still works, once.
    expect((await put(uploadURL, png)).status).toBe(200);
    expect(await storedUpload(server, objectPath)).toEqual(png);
  });

  it('an upload link works once: a second PUT gets 403 and the first file is kept unchanged', async () => {
    const client = new Client(server.url);
    const first = await logoPng(30);
    const second = await logoPng(50);
    const { uploadURL, objectPath } = await ticket(client);
    expect((await put(uploadURL, first)).status).toBe(200);
    const again = await put(uploadURL, second);
    expect(again.status).toBe(403);
    expect(again.body.message).toMatch(/already been used/i);
    expect(await storedUpload(server, objectPath)).toEqual(first);
  });

  it('two PUTs racing on one link: exactly one is stored, the other gets 403', async () => {
    const client = new Client(server.url);
    const bodies = [await logoPng(30), await logoPng(50)];
    const { uploadURL, objectPath } = await ticket(client);
    const replies = await Promise.all(bodies.map((bytes) => put(uploadURL, bytes)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 403]);
    const winner = bodies[replies.findIndex((r) => r.status === 200)];
    expect(await storedUpload(server, objectPath)).toEqual(winner);
  });

  it("a link aimed at another upload's id gets 403; that upload stays empty and its own link still works", async () => {
    const alice = new Client(server.url);
    const mallory = new Client(server.url);
    const aliceTicket = await ticket(alice);
    const malloryTicket = await ticket(mallory);
    const mine = new URL(malloryTicket.uploadURL);
    const aliceId = uploadIdOf(aliceTicket.objectPath);
    mine.pathname = mine.pathname.replace(uploadIdOf(malloryTicket.objectPath), aliceId);

    const evil = Buffer.concat([pngSignature, Buffer.from('not alice')]);
    const reply = await put(mine.toString(), evil);
    expect(reply.status).toBe(403);
    expect(reply.body.message).toMatch(/not valid/i);
    expect(await storedUpload(server, aliceTicket.objectPath)).toBeUndefined();
    expect((await alice.get(aliceTicket.objectPath)).status).toBe(404);

    const png = await logoPng(30);
    expect((await put(aliceTicket.uploadURL, png)).status).toBe(200);
    expect(await storedUpload(server, aliceTicket.objectPath)).toEqual(png);
    // And Mallory's own link was not spent by the attempt either.
    expect((await put(malloryTicket.uploadURL, png)).status).toBe(200);
  });

  it('an upload link used 15 minutes and 1 second after it was issued gets 403 "expired" and writes nothing', async () => {
    const client = new Client(server.url);
    const png = await logoPng(30);
    const late = await ticket(client);
    const onTime = await ticket(client);
    clock.advance(15 * 60_000 - 1_000);
    expect((await put(onTime.uploadURL, png)).status).toBe(200);
    clock.advance(2_000);
    const reply = await put(late.uploadURL, png);
    expect(reply.status).toBe(403);
    expect(reply.body.message).toMatch(/expired.*upload the file again/i);
    expect(await storedUpload(server, late.objectPath)).toBeUndefined();
    // A fresh link works at the new time.
    const fresh = await ticket(client);
    expect((await put(fresh.uploadURL, png)).status).toBe(200);
  });
});

describe('what may be converted', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  const impostors: Record<string, Buffer> = {
    // An icon: its header, one 1 x 1 entry, then its (here missing) image.
    ICO: Buffer.from([0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 32, 0, 0x30, 0, 0, 0, 0x16, 0, 0, 0]),
    SVG: Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><rect width="10" height="10"/></svg>\n',
    ),
    PDF: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    HTML: Buffer.from('<!DOCTYPE html>\n<html><body><script>alert(1)</script></body></html>\n'),
  };

  it('ICO, SVG, PDF and HTML files named .png are refused at upload: "File type must be ..."', async () => {
    const client = new Client(server.url);
    for (const [kind, bytes] of Object.entries(impostors)) {
      const reply = await refusedUpload(server, client, bytes);
      expect(reply.status, kind).toBe(400);
      expect(reply.message, kind).toMatch(/^File type must be PNG, JPEG, WebP, GIF, BMP or TIFF, but/);
      expect(reply.message, kind).toContain(kind);
    }
    expect((await client.get<Conversion[]>('/api/conversions')).body).toEqual([]);
  });

  it('a text file named .png is refused with a message a person understands', async () => {
    const client = new Client(server.url);
    const reply = await refusedUpload(server, client, Buffer.from('Shopping list:\n- eggs\n- milk\n'));
    expect(reply.status).toBe(400);
    expect(reply.message).toMatch(/^File type must be PNG, JPEG, WebP, GIF, BMP or TIFF, but/);
    expect(reply.message).toMatch(/text file/);
  });

  it('only the loaders of the accepted types are open in the server process: sharp refuses SVG and AVIF', async () => {
    // In a fresh process that loads only the server: every one of these decodes in sharp as installed.
    const serverModule = new URL('../dist/server.js', import.meta.url).href;
    const script = `
      await import(${JSON.stringify(serverModule)});
      const sharp = (await import('sharp')).default;
      const verdicts = [];
      for (const b64 of process.argv.slice(1)) {
        verdicts.push(await sharp(Buffer.from(b64, 'base64')).metadata().then((m) => m.format, () => 'refused'));
      }
      console.log(JSON.stringify(verdicts));`;
    const avif = await sharp(await logoPng(20))
      .avif()
      .toBuffer();
    const samples = [impostors.SVG, avif, await logoPng(20), await logoAs('gif', 20)].map((b) =>
      Buffer.from(b).toString('base64'),
    );
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script, ...samples], {
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual(['refused', 'refused', 'png', 'gif']);
  });

  it('a real PNG named .jpg, or a JPEG named .png, is refused: "File type must ..."', async () => {
    const client = new Client(server.url);
    const png = await create(client, await logoPng(40), 'logo.jpg');
    expect(png.status).toBe(400);
    expect(png.body.message).toMatch(/^File type must/);
    expect(png.body.message).toMatch(/PNG.*\.png/);
    const jpeg = await create(client, await logoJpeg(40), 'photo.png');
    expect(jpeg.status).toBe(400);
    expect(jpeg.body.message).toMatch(/^File type must/);
    expect(jpeg.body.message).toMatch(/JPEG.*\.jpg/);
    const unnamed = await create(client, await logoPng(40), 'logo');
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.message).toMatch(/^File type must/);
  });

  it('a JPEG named .jpeg or .jpg, and a PNG named .PNG, are accepted and convert', async () => {
    const client = new Client(server.url);
    const cases: [Buffer, string][] = [
      [await logoJpeg(60), 'photo.jpeg'],
      [await logoJpeg(60), 'photo.jpg'],
      [await logoPng(60), 'LOGO.PNG'],
    ];
    const ids: string[] = [];
    for (const [bytes, name] of cases) {
      const reply = await create(client, bytes, name);
      expect(reply.status, `${name}: ${reply.text}`).toBe(201);
      expect(reply.body.originalFileName).toBe(name);
      ids.push(reply.body.id);
    }
    for (const id of ids) expect((await settled(client, id)).status).toBe('completed');
  });

  it('a 20000 × 20000 pixel bomb is refused from its header, naming the 50 megapixel maximum, without decoding it', async () => {
    const client = new Client(server.url);
    const bomb = whitePng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 2);
    const reply = await refusedUpload(server, client, bomb);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    expect(reply.status).toBe(400);
    expect(reply.message).toMatch(/50 megapixels/);
    expect(reply.message).toMatch(/20000 × 20000/);
    // Decoding it would take 400 MB even at one byte a pixel.
    expect(peak - baseline).toBeLessThan(100 * 1024 * 1024);
    expect((await client.get<Conversion[]>('/api/conversions')).body).toEqual([]);
  });

  it('a 60-megapixel image (7746 × 7746) is refused the same way', async () => {
    const client = new Client(server.url);
    const reply = await refusedUpload(server, client, whitePng(7_746, 7_746));
    expect(reply.status).toBe(400);
    expect(reply.message).toMatch(/larger than 50 megapixels/);
  });

  it('a PNG whose header is damaged is refused at once with 400 saying it could not be read', async () => {
    const client = new Client(server.url);
    const damaged = Buffer.concat([pngSignature, Buffer.from('this is no IHDR chunk, just damage')]);
    const reply = await refusedUpload(server, client, damaged);
    expect(reply.status).toBe(400);
    expect(reply.message).toMatch(/PNG image could not be read/);
  });

  it('a truncated PNG ends failed with a readable reason, and the next good image still converts', async () => {
    const client = new Client(server.url);
    const created = await create(client, await truncatedPng(), 'cut.png');
    expect(created.status, created.text).toBe(201);
    const failed = await settled(client, created.body.id);
    expect(failed.status).toBe('failed');
    const reason = failed.errorMessage ?? '';
    expect(reason).toMatch(/could not be decoded/i);
    expect(reason).not.toMatch(/\n|\bat .*\.js|Error:|node_modules/);
    expect(reason.length).toBeLessThan(200);

    const good = await create(client, await logoPng(80), 'logo.png');
    expect(good.status).toBe(201);
    expect((await settled(client, good.body.id)).status).toBe('completed');
    expect((await client.get('/healthz')).status).toBe(200);
  });
});

describe('file names', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('hostile names are stored and returned verbatim as JSON data, never used as a path, and name a download only made safe', async () => {
    const client = new Client(server.url);
    const names = [
      '../../x.png',
      '<img src=x onerror=alert(1)>.png',
      'invoice\u202Egnp.exe.png',
      'quote"and\\backslash;.png',
    ];
    const safeNames = [
      '_.._x.svg',
      '_img src_x onerror_alert_1__.svg',
      'invoice_gnp.exe.svg',
      'quote_and_backslash_.svg',
    ];
    const png = await logoPng(60);
    const ids: string[] = [];
    for (const name of names) {
      const reply = await create(client, png, name);
      expect(reply.status, `${name}: ${reply.text}`).toBe(201);
      expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
      expect(reply.body.originalFileName).toBe(name);
      ids.push(reply.body.id);
    }

    for (const [i, id] of ids.entries()) {
      const done = await settled(client, id);
      expect(done.status).toBe('completed');
      expect(done.originalFileName).toBe(names[i]);
      await markPaid(server, id);
      const download = await client.get(`/api/download/${id}`);
      expect(download.status).toBe(200);
      // Named after the image, with only letters, digits, spaces, dots and dashes, never a leading dot.
      const named = `attachment; filename="${safeNames[i]}"`;
      expect(download.headers.get('content-disposition')).toBe(named);
      expect(download.text).not.toMatch(/onerror|x\.png|invoice/);
      const object = await client.get(`/objects/vectors/${id}.svg`);
      expect(object.headers.get('content-disposition')).toBe(named);
    }
    const listed = await client.get<Conversion[]>('/api/conversions');
    expect(listed.body.map((c) => c.originalFileName).sort()).toEqual([...names].sort());

    // Nothing was written under the given names: every stored file has a name the server made.
    const stored = await filesUnder(join(server.dataDir, 'objects'));
    for (const file of stored) {
      expect(relative(join(server.dataDir, 'objects'), file.path)).toMatch(
        /^(uploads\/[0-9a-f-]{36}|vectors\/[0-9a-f-]{36}\.svg)$/,
      );
    }
    for (const dir of [
      server.dataDir,
      join(server.dataDir, 'objects'),
      dirname(server.dataDir),
      dirname(dirname(server.dataDir)),
      process.cwd(),
    ]) {
      expect(existsSync(join(dir, 'x.png')), dir).toBe(false);
    }
    expect((await readdir(server.dataDir)).sort()).not.toContain('x.png');
  });

  it('a name over 255 characters is refused with 400 naming the limit; 255 characters are accepted', async () => {
    const client = new Client(server.url);
    const png = await logoPng(40);
    const long = await create(client, png, `${'a'.repeat(296)}.png`);
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/255 characters/);
    const justOver = await create(client, png, `${'b'.repeat(252)}.png`);
    expect(justOver.status).toBe(400);
    const atLimit = await create(client, png, `${'c'.repeat(251)}.png`);
    expect(atLimit.status, atLimit.text).toBe(201);
    expect(atLimit.body.originalFileName).toHaveLength(255);
    expect((await settled(client, atLimit.body.id)).status).toBe('completed');
  });

  it('an empty or missing name is refused with 400', async () => {
    const client = new Client(server.url);
    const { ticket: t } = await upload(client, await logoPng(30));
    for (const body of [
      { originalFileName: '', originalFileUrl: t.objectPath },
      { originalFileName: '   ', originalFileUrl: t.objectPath },
      { originalFileUrl: t.objectPath },
    ]) {
      const reply = await client.post('/api/conversions', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message).toMatch(/file name \(originalFileName\) is required/);
    }
  });
});

describe('generated SVG', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  const corpus = '/work/shared/corpus';
  const listPngs = async (folder: string) =>
    (await readdir(join(corpus, folder)).catch(() => [] as string[]))
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => join(corpus, folder, name));
  // A spread of each set, not just the alphabetical start.
  const spread = (files: string[], count: number) =>
    Array.from(
      { length: Math.min(count, files.length) },
      (_, i) => files[Math.floor((i * files.length) / count)],
    );

  it('the allowlist check itself catches scripts, foreignObject, event handlers, links and broken markup', () => {
    const ok =
      '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2" viewBox="0 0 2 2">\n<path fill="#000" d="M0 0h1v1z"/>\n</svg>\n';
    expect(svgProblems(ok)).toEqual([]);
    const bad = [
      ok.replace('<path', '<script>alert(1)</script><path'),
      ok.replace('<path', '<foreignObject><div/></foreignObject><path'),
      ok.replace('<path', '<path onclick="alert(1)"'),
      ok.replace('<path', '<path href="https://evil.example/x"'),
      ok.replace('<path', '<use xlink:href="#a"/><path'),
      ok.replace('fill="#000"', 'fill="url(https://evil.example/x)"'),
      ok.replace('<path', '<!-- hidden --><path'),
      ok.replace('</svg>', ''),
      ok.replace('<path', 'text<path'),
    ];
    for (const svg of bad) expect(svgProblems(svg), svg).not.toEqual([]);
  });

  it('every corpus image traces (with the engine the server runs) to an SVG that uses only allowlisted markup', async () => {
    const bw = await listPngs('bw/png256');
    const color = await listPngs('color/png256');
    expect(bw.length).toBeGreaterThanOrEqual(4);
    const jobs = [
      ...bw.map((file) => ({ file, mode: 'bw' as const })),
      ...color.map((file) => ({ file, mode: 'color' as const })),
    ];
    for (const { file, mode } of jobs) {
      const image = await decodeImage(await readFile(file));
      const svg = toSvg(trace(image, { mode }));
      expect(svgProblems(svg), `${file} (${mode})`).toEqual([]);
    }
  });

  it('conversions of corpus images download as allowlisted SVG, served image/svg+xml, nosniff, as an attachment', async () => {
    const bw = spread(await listPngs('bw/png256'), 4);
    const color = spread(await listPngs('color/png256'), 4);
    expect(bw).toHaveLength(4);
    const jobs = [
      ...bw.map((file) => ({ file, settings: {} })),
      ...color.map((file) => ({ file, settings: { mode: 'color' } })),
    ];
    if (color.length) expect(color).toHaveLength(4);

    // Each from a visitor of its own, so no plan limit gets in the way.
    const started: { client: Client; id: string; file: string }[] = [];
    for (const [i, { file, settings }] of jobs.entries()) {
      const client = new Client(server.url);
      const reply = await create(client, await readFile(file), `corpus-${i}.png`, settings);
      expect(reply.status, `${file}: ${reply.text}`).toBe(201);
      started.push({ client, id: reply.body.id, file });
    }
    const elements = new Set<string>();
    for (const { client, id, file } of started) {
      const done = await settled(client, id);
      expect(done.status, `${file}: ${done.errorMessage}`).toBe('completed');
      await markPaid(server, id);
      const download = await client.get(`/api/download/${id}`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(download.headers.get('x-content-type-options')).toBe('nosniff');
      expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
      const svg = download.text;
      expect(svgProblems(svg), file).toEqual([]);
      expect(svg).not.toMatch(/<script|foreignObject|\son[a-z]+\s*=|href\s*=|javascript:/i);
      for (const name of svgElements(svg)) elements.add(name);
    }
    expect(elements.has('svg') && elements.has('path')).toBe(true);
  });
});

describe('conversion requests', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('settings out of range or of the wrong kind are refused with 400 naming the setting', async () => {
    const client = new Client(server.url);
    const { ticket: t } = await upload(client, await logoPng(30));
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ smoothness: -1 }, /^Smoothness must be from 0 to 100/],
      [{ smoothness: 101 }, /^Smoothness must be from 0 to 100/],
      [{ smoothness: 50.5 }, /^Smoothness must be a whole number/],
      [{ smoothness: '50' }, /^Smoothness must be a number/],
      [{ threshold: -0.5 }, /^Threshold must be/],
      [{ threshold: 100.1 }, /^Threshold must be/],
      [{ threshold: 1000 }, /^Threshold must be from 0 to 100/],
      [{ cornerDetection: 'pointy' }, /^Corner Detection must be one of: auto, sharp, rounded, none/],
      [{ quality: 'max' }, /^Quality must be one of: draft, standard, high, ultra/],
      [{ mode: 'sepia' }, /^Mode must be one of: auto, bw, color, pixel/],
      [{ colors: 'many' }, /^Colors must be a whole number from 2 to 128, or auto/],
      [{ colors: 2.5 }, /^Colors must be/],
      [{ invert: 'yes' }, /^Light lines on a dark ground must be true or false/],
    ];
    for (const [settings, message] of cases) {
      const reply = await client.post('/api/conversions', {
        originalFileName: 'logo.png',
        originalFileUrl: t.objectPath,
        settings,
      });
      expect(reply.status, JSON.stringify(settings)).toBe(400);
      expect(reply.body.message, JSON.stringify(settings)).toMatch(message);
    }
    // Out-of-range colors are refused too (the message is checked in the next test).
    for (const colors of [1, 129]) {
      const reply = await client.post('/api/conversions', {
        originalFileName: 'logo.png',
        originalFileUrl: t.objectPath,
        settings: { colors },
      });
      expect(reply.status, `colors ${colors}`).toBe(400);
    }
    expect((await client.get<Conversion[]>('/api/conversions')).body).toEqual([]);
  });

  it('colors 1 or 129 is refused with a message naming Colors and its range', async () => {
    const client = new Client(server.url);
    const { ticket: t } = await upload(client, await logoPng(30));
    for (const colors of [1, 129]) {
      const reply = await client.post('/api/conversions', {
        originalFileName: 'logo.png',
        originalFileUrl: t.objectPath,
        settings: { colors },
      });
      expect(reply.body.message, `colors ${colors}`).toMatch(/^Colors must be .*2 to 128/);
    }
  });

  it('missing settings take the spec defaults, and given ones are kept', async () => {
    const client = new Client(server.url);
    const defaults = {
      smoothness: 50,
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
      drawStyle: 'fillShapes',
      groupBy: 'none',
      svgVersion: '1.1',
      adobeCompatible: false,
      maxPixels: null,
    };
    const png = await logoPng(40);
    const none = await create(client, png, 'a.png');
    expect(none.status, none.text).toBe(201);
    expect(none.body.settings).toEqual(defaults);
    const empty = await create(client, png, 'b.png', {});
    expect(empty.body.settings).toEqual(defaults);
    const given = { threshold: 0, quality: 'draft', colors: 8, invert: true };
    const some = await create(client, png, 'c.png', given);
    expect(some.body.settings).toEqual({ ...defaults, ...given });
    for (const reply of [none, empty, some])
      expect((await settled(client, reply.body.id)).status).toBe('completed');
  });

  it('an originalFileUrl not of the form /objects/uploads/{id} is refused with 400', async () => {
    const client = new Client(server.url);
    const { ticket: t } = await upload(client, await logoPng(30));
    const id = uploadIdOf(t.objectPath);
    for (const originalFileUrl of [
      t.uploadURL,
      `${server.url}${t.objectPath}`,
      `/objects/uploads/../uploads/${id}`,
      `/objects/uploads/${id}/`,
      `/objects/vectors/${id}.svg`,
      `objects/uploads/${id}`,
      '',
    ]) {
      const reply = await client.post('/api/conversions', { originalFileName: 'a.png', originalFileUrl });
      expect(reply.status, originalFileUrl).toBe(400);
      expect(reply.body.message, originalFileUrl).toMatch(/originalFileUrl must be an upload path/);
    }
    for (const originalFileUrl of [42, null, undefined]) {
      const reply = await client.post('/api/conversions', { originalFileName: 'a.png', originalFileUrl });
      expect(reply.status, String(originalFileUrl)).toBe(400);
      expect(reply.body.message, String(originalFileUrl)).toMatch(/^originalFileUrl /);
    }
  });

  it("a well-formed but unknown upload id, or another person's upload, gets 404", async () => {
    const owner = new Client(server.url);
    const other = new Client(server.url);
    await other.post('/api/objects/upload'); // becomes a visitor with uploads of its own
    const { ticket: t } = await upload(owner, await logoPng(30));
    for (const [client, originalFileUrl] of [
      [owner, '/objects/uploads/00000000-0000-4000-8000-000000000000'],
      [owner, '/objects/uploads/not-a-uuid'],
      [other, t.objectPath],
    ] as const) {
      const reply = await client.post('/api/conversions', { originalFileName: 'a.png', originalFileUrl });
      expect(reply.status, originalFileUrl).toBe(404);
      expect(reply.body.message).toMatch(/Upload not found/);
    }
  });

  it('the owner gets the original bytes from /objects/uploads/{id} as image/png; someone else gets 404', async () => {
    const owner = new Client(server.url);
    const png = await logoPng(50);
    const { ticket: t } = await upload(owner, png);
    const response = await fetch(`${server.url}${t.objectPath}`, { headers: { cookie: owner.cookieHeader } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(png);

    const other = new Client(server.url);
    await other.post('/api/objects/upload');
    expect((await other.get(t.objectPath)).status).toBe(404);
    expect((await new Client(server.url).get(t.objectPath)).status).toBe(401);
  });
});
