import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimNextConversion } from '../dist/queue/claims.js';
import { Client } from './support/client.js';
import { register, settled, startConversion } from './support/flows.js';
import { logoPng } from './support/images.js';
import { startTestServer, type TestServer } from './support/server.js';

describe('claiming conversions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRACE_WORKERS: '2' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('workers claiming at the same moment never start more of one owner’s conversions than it may trace at once', async () => {
    const owners = [new Client(server.url), new Client(server.url)];
    const ids: string[][] = [];
    for (const owner of owners) {
      await register(owner);
      const mine: string[] = [];
      for (let i = 0; i < 3; i++) mine.push((await startConversion(owner, await logoPng(40))).body.id);
      for (const id of mine) expect((await settled(owner, id)).status).toBe('completed');
      ids.push(mine);
    }
    // The server's own workers stop claiming: the claims below are the only ones.
    await server.deps.queue.close(1000);
    const { db } = server.deps;
    for (let round = 0; round < 20; round++) {
      await db
        .updateTable('conversions')
        .set({ status: 'pending', processingStartedAt: null, claimedBy: null, leaseExpiresAt: null })
        .execute();
      // Four workers ask at once; each owner may trace one conversion at a time.
      const claims = await Promise.all(
        Array.from({ length: 4 }, () => claimNextConversion(db, new Date(), 60_000, 1)),
      );
      const claimed = claims.flatMap((claim) => (claim ? [claim.conversionId] : []));
      for (const mine of ids) {
        expect(
          claimed.filter((id) => mine.includes(id)),
          `round ${round}`,
        ).toHaveLength(1);
      }
    }
  });
});
