import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from './support/client.js';
import { convert } from './support/flows.js';
import { noisePng } from './support/images.js';
import { startTestServer, type TestServer } from './support/server.js';

const servers: TestServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.stop())));
async function serverWith(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer({ env });
  servers.push(server);
  return server;
}

const attemptsOf = async (server: TestServer, id: string) =>
  (
    await server.deps.db
      .selectFrom('conversions')
      .select('attempts')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).attempts;

describe('trace cost (checks 42 and 58)', () => {
  it('a 7000 x 7000 one-pixel checkerboard (a small PNG) is traced smaller, at the first attempt, and the result says so', async () => {
    const side = 7000;
    // A checkerboard over the top three quarters, a black band below: at half size the
    // checkerboard is an even gray, the band is what there is to trace.
    const pixels = Buffer.alloc(side * side);
    for (let y = 0; y < (side * 3) / 4; y++)
      for (let x = (y & 1) ^ 1; x < side; x += 2) pixels[y * side + x] = 255;
    const png = await sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
      .png({ compressionLevel: 9, palette: true, colours: 2 })
      .toBuffer();
    expect(png.length).toBeLessThan(200_000);
    const server = await serverWith();
    const started = performance.now();
    const done = await convert(new Client(server.url), png, 'checkerboard.png');
    expect(done.status, done.errorMessage ?? '').toBe('completed');
    expect(done.vectorCount).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(done.notice).toMatch(/more fine detail than one trace takes on .* traced at 1\/2 of its size/);
    expect(await attemptsOf(server, done.id)).toBe(1);
  });

  it('a trace that runs out of memory fails at once with the reason, and is not tried again', async () => {
    const server = await serverWith({ TRACE_MEMORY_MB: '64', TRACE_MAX_ATTEMPTS: '3' });
    const failed = await convert(new Client(server.url), await noisePng(1400));
    expect(failed.status).toBe('failed');
    expect(failed.errorMessage).toMatch(/needs more memory to trace than the 64 MB a trace is given/);
    expect(await attemptsOf(server, failed.id)).toBe(1);
  });

  it('an ordinary image says nothing of the kind', async () => {
    const server = await serverWith();
    const { logoPng } = await import('./support/images.js');
    const done = await convert(new Client(server.url), await logoPng(300));
    expect(done.status).toBe('completed');
    expect(done.notice).toBeNull();
  });

  it('true shapes on a photo of noise in 32 colors are traced smaller, within the budget, and say so, at the first attempt', async () => {
    const side = 400;
    const rgb = Buffer.alloc(side * side * 3);
    let seed = 3;
    for (let i = 0; i < rgb.length; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      rgb[i] = seed >>> 24;
    }
    const jpeg = await sharp(rgb, { raw: { width: side, height: side, channels: 3 } })
      .jpeg()
      .toBuffer();
    const server = await serverWith();
    const done = await convert(new Client(server.url), jpeg, 'noise.jpg', { colors: 32, shapes: true });
    expect(done.status).toBe('completed');
    expect(done.notice).toMatch(/so it was traced at 1\/\d+ of its size\.$/);
    expect(await attemptsOf(server, done.id)).toBe(1);
  });
});
