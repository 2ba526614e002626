import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// How people start the processes: `npm start`, `npm run worker`, `npm run migrate` and the CLI.
const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Node started with this option reports itself as 20.20.2, as a machine's older Node would. */
const ACT_AS_NODE_20 = `--import=data:text/javascript,${encodeURIComponent(
  `Object.defineProperty(process.versions, 'node', { value: '20.20.2' })`,
)}`;

function run(file: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [file],
      { cwd: root, env: { ...process.env, ...env } },
      (error, _out, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }),
    );
  });
}

describe('an older Node.js', () => {
  it.each([
    ['npm start', 'apps/server/dist/main.js', 'Vectrace'],
    ['npm run worker', 'apps/server/dist/worker-main.js', 'Vectrace'],
    ['npm run migrate', 'apps/server/dist/migrate-main.js', 'Vectrace'],
    ['the CLI', 'packages/tracer/bin/vectrace.js', 'vectrace'],
  ])(
    'is told in one sentence by %s, which exits 1 before loading anything native',
    async (_name, file, program) => {
      const { code, stderr } = await run(file, {
        NODE_OPTIONS: ACT_AS_NODE_20,
        REDIS_URL: 'redis://127.0.0.1:1',
      });
      expect(code).toBe(1);
      expect(stderr).toBe(
        `${program} needs Node.js 22.12 or newer (22 or 24), and this is Node.js 20.20.2.\n`,
      );
    },
  );
});

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'passes %s on to the server, which drains and stops',
    async (signal) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'vectrace-npm-start-'));
      try {
        const npm = spawn('npm', ['start', '--silent'], {
          cwd: root,
          env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_FORMAT: 'json', LOG_LEVEL: 'info' },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
        // The server's own process id and address, from its log line once it serves.
        const serving = await new Promise<{ pid: number; url: string }>((resolve, reject) => {
          createInterface({ input: npm.stdout }).on('line', (line) => {
            const entry = JSON.parse(line);
            const url = /^Vectrace serving on (\S+)$/.exec(entry.msg)?.[1];
            if (url) resolve({ pid: entry.pid, url });
          });
          npm.once('exit', () => reject(new Error('npm start ended before the server served')));
        });
        expect(serving.pid).not.toBe(npm.pid);
        expect((await fetch(`${serving.url}/healthz`)).status).toBe(200);

        npm.kill(signal);
        expect(await exited).toBe(0);
        // The server itself has ended, not just npm.
        expect(() => process.kill(serving.pid, 0)).toThrow();
        await expect(fetch(`${serving.url}/healthz`)).rejects.toThrow();
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
