import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const entries = {
  server: {
    file: fileURLToPath(new URL('../../dist/main.js', import.meta.url)),
    ready: /^Vectrace serving on (\S+)$/,
  },
  worker: {
    file: fileURLToPath(new URL('../../dist/worker-main.js', import.meta.url)),
    ready: /^(Vectrace worker) tracing/,
  },
};

/**
 * The server as `npm start` runs it (or a worker process, as `npm run worker` does), in a child
 * process that a test can SIGKILL or SIGTERM. A worker's `url` is empty: it serves nothing.
 */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Every log line it printed, parsed. */
  logs: Record<string, unknown>[];
  /** Resolves with the exit code (or signal name) once it has exited. */
  exited: Promise<number | string>;
}

/**
 * Starts the server. With `keepLogs: false` its log lines are drained unread once it listens: a
 * load test then measures the server, not this process parsing thousands of lines beside it.
 */
export async function spawnServer(
  env: Record<string, string>,
  {
    keepLogs = true,
    role = 'server',
    disk,
  }: {
    keepLogs?: boolean;
    role?: keyof typeof entries;
    /**
     * A disk of its own this small, mounted at `path` for the server only (a tmpfs in a mount
     * namespace of its own, so no root is needed); the test reaches it at `/proc/<pid>/root<path>`.
     */
    disk?: { path: string; megabytes: number };
  } = {},
): Promise<ServerProcess> {
  const entry = entries[role];
  const [command, args] = disk
    ? [
        'unshare',
        [
          '--user',
          '--map-root-user',
          '--mount',
          'sh',
          '-c',
          'mount -t tmpfs -o "size=$1m" tmpfs "$2" && exec "$3" "$4"',
          'sh',
          String(disk.megabytes),
          disk.path,
          process.execPath,
          entry.file,
        ],
      ]
    : [process.execPath, [entry.file]];
  const child = spawn(command, args, {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      try {
        const logged = JSON.parse(line);
        logs.push(logged);
        const match = entry.ready.exec(String(logged.msg));
        if (match) resolve(role === 'server' ? match[1] : '');
      } catch {
        // not a log line
      }
    });
    exited.then((code) => reject(new Error(`server exited (${code}) before listening: ${stderr}`)));
    setTimeout(() => reject(new Error(`server not listening after 20 s: ${stderr}`)), 20_000).unref();
  });
  if (!keepLogs) {
    lines.close();
    child.stdout?.resume();
  }
  return { url, child, logs, exited };
}
