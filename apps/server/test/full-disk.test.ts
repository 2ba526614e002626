import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './support/client.js';
import { register, settled, upload } from './support/flows.js';
import { logoPng } from './support/images.js';
import { type ServerProcess, spawnServer } from './support/process.js';

const MB = 1024 * 1024;

describe('a full disk: the service says it is its fault, and loses nothing it took', () => {
  let dataDir: string;
  let server: ServerProcess;
  /** The server's object folder, on its own 8 MB disk, as this process reaches it. */
  let objects: string;
  const ready = async () => {
    const reply = await fetch(`${server.url}/readyz`);
    return { status: reply.status, body: await reply.json() };
  };
  const free = async () => {
    const disk = await statfs(objects);
    return disk.bavail * disk.bsize;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vectrace-full-'));
    await mkdir(join(dataDir, 'objects'));
    server = await spawnServer(
      { DATA_DIR: dataDir, STORE_MIN_FREE_MB: '2', TRACE_WORKERS: '1', TRACE_MAX_ATTEMPTS: '1' },
      { disk: { path: join(dataDir, 'objects'), megabytes: 8 } },
    );
    objects = `/proc/${server.child.pid}/root${dataDir}/objects`;
  });
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reports the store low on space before it is full, refuses what does not fit, and finishes a conversion once there is room', async () => {
    expect(await ready()).toEqual({
      status: 200,
      body: { status: 'ok', checks: { database: 'ok', store: 'ok' } },
    });
    const client = new Client(server.url);
    await register(client);
    const logo = await upload(client, await logoPng(160));
    expect(logo.put.status).toBe(200);

    // Less than STORE_MIN_FREE_MB left: not ready, though everything still answers.
    await writeFile(join(objects, 'filler'), Buffer.alloc((await free()) - MB));
    expect(await ready()).toEqual({
      status: 503,
      body: { status: 'unavailable', checks: { database: 'ok', store: 'low on space' } },
    });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    // A 3 MB upload into 1 MB: the service's fault in words, not "interrupted", and no half file.
    const noise = await sharp(randomBytes(1000 * 1000 * 3), {
      raw: { width: 1000, height: 1000, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2 * MB);
    const refused = await upload(client, noise);
    expect(refused.put.status).toBe(503);
    expect(refused.put.body).toEqual({
      code: 'unavailable',
      message:
        'Our file storage is full right now, so this could not be saved. The problem is on our side, not with your file: nothing was kept; please try again later.',
    });
    expect(await readdir(join(objects, 'uploads'))).toHaveLength(1);
    expect(await readdir(join(objects, '.partial'))).toEqual([]);

    // Completely full: a conversion taken now cannot store its result. It waits, and does not
    // spend its one attempt on what was not its fault.
    await writeFile(join(objects, 'filler'), Buffer.alloc(await free()), { flag: 'a' }).catch(() => {});
    const created = await client.post('/api/conversions', {
      originalFileName: 'logo.png',
      originalFileUrl: logo.ticket.objectPath,
      settings: {},
    });
    expect(created.status, created.text).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const waiting = await client.get(`/api/conversions/${created.body.id}`);
    expect(waiting.body.status).toMatch(/^(pending|processing)$/);

    // Room again: it completes, and the store is ready.
    await rm(join(objects, 'filler'));
    const done = await settled(client, created.body.id, 60_000);
    expect(done.status).toBe('completed');
    expect((await ready()).status).toBe(200);
  });
});
