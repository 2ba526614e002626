import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, vectorize } from '../support/api.js';
import { whiteLinesPng } from '../support/images.js';
import { startTestServer, type TestServer } from '../support/server.js';

describe('the developer API with invert=true', () => {
  let server: TestServer;
  let pro: Awaited<ReturnType<typeof accountWithKey>>;
  beforeAll(async () => {
    server = await startTestServer();
    pro = await accountWithKey(server, { pro: true });
  });
  afterAll(() => server?.stop());

  it('traces light lines on a dark ground with invert=true: one stroke along each line, no outline of the ground', async () => {
    const lines = await whiteLinesPng();
    const paths = async (options: Record<string, string>) => {
      const reply = await vectorize(server, pro.secret, lines, { traceMode: 'centerline', ...options });
      expect(reply.status, Buffer.from(reply.bytes).toString()).toBe(200);
      return [
        ...Buffer.from(reply.bytes)
          .toString()
          .matchAll(/<path [^>]*>/g),
      ].map((m) => m[0]);
    };
    const inverted = await paths({ invert: 'true' });
    expect(inverted.length).toBeGreaterThan(0);
    expect(inverted.every((path) => path.includes('fill="none"') && path.includes('stroke='))).toBe(true);
    // Without it, the black ground is the ink: filled around the lines.
    expect((await paths({})).some((path) => !path.includes('fill="none"'))).toBe(true);
    const wrong = await vectorize(server, pro.secret, lines, { invert: 'yes' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe('invert must be one of: true, false');
  });
});
