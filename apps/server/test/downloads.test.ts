import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './support/client.js';
import { convert } from './support/flows.js';
import { expectValid, readDxf } from './support/formats.js';
import { logoPng } from './support/images.js';
import { userWithConversions, visitorWithConversion } from './support/payments.js';
import { markPaid, startTestServer, type TestServer } from './support/server.js';
import { unzip } from './support/zip.js';

const bytesOf = async (client: Client, path: string) => {
  const response = await fetch(`${client.baseUrl}${path}`, { headers: { cookie: client.cookieHeader } });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
};

describe('downloads in every format', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('gives a paid conversion as SVG, EPS, PDF and DXF, each valid for its reader', async () => {
    const { client, conversion } = await visitorWithConversion(server);
    await markPaid(server, conversion.id);
    for (const format of ['svg', 'eps', 'pdf', 'dxf']) {
      const file = await bytesOf(client, `/api/download/${conversion.id}?format=${format}`);
      expect(file.status, file.bytes.toString()).toBe(200);
      // Named after the image (logo.png), in its format.
      expect(file.headers.get('content-disposition')).toBe(`attachment; filename="logo.${format}"`);
      await expectValid(format, file.bytes);
    }
  });

  it('writes the asked physical size: a PDF page in points, a DXF in inches', async () => {
    const { client, conversion } = await visitorWithConversion(server);
    await markPaid(server, conversion.id);
    const pdf = await bytesOf(client, `/api/download/${conversion.id}?format=pdf&width=100&unit=mm`);
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.bytes.toString('latin1'));
    expect(Number(box?.[1])).toBeCloseTo((100 / 25.4) * 72, 1);
    // The file says its size in its name.
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="logo-100mm.pdf"');
    const dxf = readDxf(
      (await bytesOf(client, `/api/download/${conversion.id}?format=dxf&width=4&unit=in`)).bytes,
    );
    expect(dxf.insunits).toBe(1);
    expect(dxf.width).toBeLessThanOrEqual(4 + 0.1 / 25.4);
  });

  it('asks for payment before any format, and says what is wrong with a bad query', async () => {
    const { client, conversion } = await visitorWithConversion(server);
    expect((await client.get(`/api/download/${conversion.id}?format=pdf`)).status).toBe(402);
    await markPaid(server, conversion.id);
    const bad = await client.get(`/api/download/${conversion.id}?format=gif`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('format must be one of: svg, eps, pdf, dxf');
    const huge = await client.get(`/api/download/${conversion.id}?format=pdf&width=900&unit=in`);
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe('width must be at most 200 in');
  });

  it('streams "Download all" as a ZIP of valid files named after the originals', async () => {
    const { client, conversions } = await userWithConversions(server, 5);
    for (const c of conversions) await markPaid(server, c.id);
    const ids = conversions.map((c) => c.id).join(',');
    const zip = await bytesOf(client, `/api/downloads/zip?ids=${ids}&format=pdf`);
    expect(zip.status, zip.bytes.toString()).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toBe('attachment; filename="vectrace-5-files.zip"');
    const files = await unzip(zip.bytes);
    expect([...files.keys()]).toEqual([
      'logo.pdf',
      'logo (2).pdf',
      'logo (3).pdf',
      'logo (4).pdf',
      'logo (5).pdf',
    ]);
    for (const bytes of files.values()) await expectValid('pdf', bytes);
  });

  it('refuses a ZIP with an unpaid or someone else’s conversion, saying which rule', async () => {
    const { client, conversions } = await userWithConversions(server, 2);
    await markPaid(server, conversions[0]?.id as string);
    const unpaid = await client.get(`/api/downloads/zip?ids=${conversions.map((c) => c.id).join(',')}`);
    expect(unpaid.status).toBe(402);
    const stranger = new Client(server.url);
    const theirs = await convert(stranger, await logoPng());
    const mixed = await client.get(`/api/downloads/zip?ids=${conversions[0]?.id},${theirs.id}`);
    expect(mixed.status).toBe(404);
    const none = await client.get('/api/downloads/zip?ids=');
    expect(none.status).toBe(400);
  });
});
