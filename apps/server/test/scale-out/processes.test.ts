import type { Conversion } from '@vectrace/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from '../support/client.js';
import { type Cluster, conversionRows, startCluster, stored, until } from '../support/cluster.js';
import { register, settled, upload } from '../support/flows.js';
import { logoPng, noisePng } from '../support/images.js';

let cluster: Cluster | undefined;
afterEach(async () => {
  await cluster?.close();
  cluster = undefined;
});

const paid = async (c: Cluster, ids: string[]) => {
  const now = new Date().toISOString();
  await c.db
    .updateTable('conversions')
    .set({ paymentStatus: 'paid', paidAt: now })
    .where('id', 'in', ids)
    .execute();
};

/** Completions each worker logged, by conversion id. */
function completions(c: Cluster, killed: { logs: Record<string, unknown>[] }[]) {
  const counts = new Map<string, number>();
  for (const worker of [...c.workers, ...killed]) {
    for (const entry of worker.logs) {
      if (entry.msg !== 'conversion completed') continue;
      const id = String(entry.conversionId);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
  return counts;
}

describe('two API processes and two worker processes', () => {
  it('24 conversions from 6 users complete exactly once through a worker killed mid-job and an API restart', async () => {
    cluster = await startCluster({
      env: { UPLOADS_PER_MINUTE: '1000', CONVERSIONS_PER_MINUTE: '1000' },
    });
    const c = cluster;
    const logo = await logoPng(160);
    // Three slow traces, one of which a worker is caught tracing; the rest are quick, so that the
    // one worker left finishes them well within the wait even on a busy machine.
    const slow = await noisePng(900);
    const slowIds = new Set<string>();
    // Each user uploads through one API process and converts through the other.
    const users: Client[] = [];
    for (let u = 0; u < 6; u++) {
      const client = c.client(u % 2);
      await register(client);
      users.push(client);
    }
    const ids: string[] = [];
    const owners = new Map<string, number>();
    await Promise.all(
      users.map(async (client, u) => {
        for (let n = 0; n < 4; n++) {
          const isSlow = n === 0 && u % 2 === 0;
          const { ticket, put } = await upload(client, isSlow ? slow : logo);
          expect(put.status).toBe(200);
          const created = await c.on(client, (u + 1) % 2).post<Conversion>('/api/conversions', {
            originalFileName: 'art.png',
            originalFileUrl: ticket.objectPath,
          });
          expect(created.status, created.text).toBe(201);
          ids.push(created.body.id);
          owners.set(created.body.id, u);
          if (isSlow) slowIds.add(created.body.id);
        }
      }),
    );
    expect(ids).toHaveLength(24);

    // A worker is killed while it traces a slow image (whichever worker took one).
    let taken: string | undefined;
    let victim: (typeof c.workers)[number] | undefined;
    await until(
      async () => {
        const rows = await c.db
          .selectFrom('conversions')
          .select(['id', 'claimedBy', 'stage'])
          .where('status', '=', 'processing')
          .where('id', 'in', [...slowIds])
          .execute();
        for (const row of rows) {
          const worker = c.workers.find((w) => row.claimedBy?.includes(`:${w.child.pid}:`));
          if (worker && row.stage === 'tracing') [taken, victim] = [row.id, worker];
        }
        return taken !== undefined;
      },
      30_000,
      'a worker tracing a slow image',
    );
    if (!victim) throw new Error('no worker was tracing');
    const pid = victim.child.pid;
    expect(await c.stop(victim, 'SIGKILL')).toBe('SIGKILL');
    c.workers.splice(c.workers.indexOf(victim), 1);

    // An API process is restarted mid-run; its users go on with the new one.
    await c.restartApi(1);

    const done = await Promise.all(
      ids.map((id) => {
        const owner = owners.get(id) ?? 0;
        return settled(c.on(users[owner], owner % 2), id, 180_000);
      }),
    );
    expect(done.filter((conversion) => conversion.status !== 'completed')).toEqual([]);

    const rows = await conversionRows(c, ids);
    expect(rows.filter((row) => row.status !== 'completed')).toEqual([]);
    const killedOne = rows.find((row) => row.id === taken);
    expect(killedOne?.attempts, 'the killed job was finished by another attempt').toBe(2);
    expect(killedOne?.claimedBy).not.toContain(`:${pid}:`);
    // Each conversion was recorded once: one completion logged for each, by a live worker.
    const counts = completions(c, [victim]);
    expect(ids.filter((id) => counts.get(id) !== 1)).toEqual([]);
    for (const row of rows) expect(await stored(c.store, `vectors/${row.id}.svg`), row.id).toBe(true);

    // Every paid download works from either API process, with the same file.
    await paid(c, ids);
    for (const id of ids) {
      const owner = users[owners.get(id) ?? 0];
      const [a, b] = await Promise.all([0, 1].map((api) => c.on(owner, api).get(`/api/download/${id}`)));
      expect([a.status, b.status], id).toEqual([200, 200]);
      expect(a.text).toBe(b.text);
      expect(a.text).toContain('<svg');
    }
  }, 300_000);
});
