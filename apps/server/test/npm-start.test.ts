import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `npm start` as people run it, and as a process manager or a terminal ends it.
const root = fileURLToPath(new URL('../../../', import.meta.url));

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
