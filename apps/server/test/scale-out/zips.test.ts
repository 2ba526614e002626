import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { redisSlots } from '../../dist/features/limits/owner-slots.js';
import { Client } from '../support/client.js';
import { startCluster, testRedisUrl, until } from '../support/cluster.js';
import { convert, register } from '../support/flows.js';
import { logoPng } from '../support/images.js';

const slotsModule = new URL('../../dist/features/limits/owner-slots.js', import.meta.url).href;

/**
 * A process that takes the owner's ZIP slot (as an API process writing a ZIP does), says
 * `taken`, and holds it until it is killed.
 */
function holderOfSlot(prefix: string, owner: string, leaseMs: number) {
  const code = `
    import { Redis } from 'ioredis';
    import { redisSlots } from ${JSON.stringify(slotsModule)};
    const redis = new Redis(${JSON.stringify(testRedisUrl)});
    const slots = redisSlots(redis, ${JSON.stringify(prefix)}, ${leaseMs}, () => {});
    const release = await slots.take('zip', ${JSON.stringify(owner)}, 1);
    console.log(release ? 'taken' : 'refused');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: new URL('../..', import.meta.url).pathname,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const said = new Promise<string>((resolve) =>
    createInterface({ input: child.stdout }).once('line', (line) => resolve(line)),
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, said, exited };
}

describe('an owner slot in Redis', () => {
  it('is kept while its process lives, past its lease, and free within a lease of that process being killed', async () => {
    const leaseMs = 2000;
    const prefix = `vt-test-${randomBytes(5).toString('hex')}`;
    const owner = `user:${randomBytes(4).toString('hex')}`;
    const redis = new Redis(testRedisUrl);
    const slots = redisSlots(redis, prefix, leaseMs, () => {});
    const holder = holderOfSlot(prefix, owner, leaseMs);
    try {
      expect(await holder.said).toBe('taken');
      // Three leases on, the living holder has renewed it: nobody else gets it.
      await new Promise((resolve) => setTimeout(resolve, 3 * leaseMs));
      expect(await slots.take('zip', owner, 1)).toBeUndefined();

      holder.child.kill('SIGKILL');
      await holder.exited;
      const killedAt = Date.now();
      let release: (() => void) | undefined;
      await until(
        async () => {
          release = await slots.take('zip', owner, 1);
          return release !== undefined;
        },
        60_000,
        'the dead process’s slot to lapse',
      );
      // Within a minute, as promised; about one lease in fact.
      expect(Date.now() - killedAt).toBeLessThan(60_000);
      release?.();
    } finally {
      holder.child.kill('SIGKILL');
      redis.disconnect();
    }
  }, 90_000);
});

describe('a ZIP when the bucket is down', () => {
  it('is cut off and logged, and the process serves on; once the bucket is back, the ZIP downloads whole', async () => {
    const c = await startCluster({ apis: 1, workers: 1 });
    try {
      const a = c.client(0);
      const credentials = await register(a);
      await c.db
        .updateTable('users')
        .set({ planType: 'pro' })
        .where('username', '=', credentials.username)
        .execute();
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) ids.push((await convert(a, await logoPng())).id);

      await c.s3.stop();
      const response = await fetch(`${a.baseUrl}/api/downloads/zip?ids=${ids.join(',')}&format=pdf`, {
        headers: { cookie: a.cookieHeader },
      });
      // The checks need no bucket: the archive starts, then its first file cannot be read.
      expect(response.status).toBe(200);
      const whole = await response.arrayBuffer().then(
        () => true,
        () => false,
      );
      expect(whole).toBe(false);
      const api = c.apis[0];
      // The log line comes through the process's output, which may be read after the cut answer.
      await until(
        async () =>
          api?.logs.some((e) => e.msg === 'ZIP cut off: a file of it could not be written') ?? false,
        10_000,
        'the ZIP cut-off in the log',
      );

      // The same process answers others meanwhile, and the ZIP once the bucket is back.
      const other = new Client(a.baseUrl);
      expect((await other.get('/healthz')).status).toBe(200);
      await c.s3.start();
      await register(other);
      expect((await convert(other, await logoPng())).status).toBe('completed');
      const again = await fetch(`${a.baseUrl}/api/downloads/zip?ids=${ids.join(',')}&format=pdf`, {
        headers: { cookie: a.cookieHeader },
      });
      expect(again.status).toBe(200);
      expect((await again.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    } finally {
      await c.close();
    }
  }, 180_000);
});
