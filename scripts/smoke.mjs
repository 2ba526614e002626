// A smoke run of a built tree on whatever Node runs it: the server starts on the embedded default,
// converts one image through the developer API, and the CLI converts one image. CI runs it on
// Node 24 (the README's test command runs on Node 22). Exits 1 with the step that failed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const image = join(root, 'apps/web/public/samples/logo.png');
const work = mkdtempSync(join(tmpdir(), 'vectrace-smoke-'));

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

function check(ok, step) {
  if (!ok) throw new Error(`smoke: ${step}`);
  console.log(`smoke: ${step}: ok`);
}

// The embedded default, whatever the calling shell points at (CI exports the machine's PostgreSQL
// and Redis for the suite; a smoke run against them would meet the accounts of earlier runs).
const embedded = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^(DATABASE_URL|REDIS_|S3_)/.test(name)),
);
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
  env: { ...embedded, NODE_ENV: 'development', PORT: String(port), DATA_DIR: join(work, 'data') },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const exited = new Promise((resolve) => server.once('exit', resolve));

try {
  let up = false;
  for (let i = 0; i < 100 && !up && server.exitCode === null; i++) {
    up = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 200));
  }
  check(up, `the server answers on Node ${process.version}`);

  const json = { 'content-type': 'application/json', origin };
  const registered = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      username: 'smoke',
      email: 'smoke@example.com',
      password: 'a long smoke password 1',
    }),
  });
  check(registered.status === 201 || registered.status === 200, `an account is made (${registered.status})`);
  const cookie = registered.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const created = await fetch(`${origin}/api/keys`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ name: 'smoke' }),
  });
  check(created.status === 201, `an API key is made (${created.status})`);
  const { secret } = await created.json();

  const form = new FormData();
  form.set('image', new Blob([readFileSync(image)], { type: 'image/png' }), 'logo.png');
  form.set('mode', 'test');
  const converted = await fetch(`${origin}/api/v1/vectorize`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}` },
    body: form,
  });
  const svg = await converted.text();
  check(
    converted.status === 200 && svg.includes('<path'),
    `an image converts through the API (${converted.status}${converted.status === 200 ? '' : `: ${svg.slice(0, 300)}`})`,
  );

  const out = join(work, 'logo.svg');
  const cli = spawnSync(process.execPath, [join(root, 'packages/tracer/bin/vectrace.js'), image, '-o', out], {
    encoding: 'utf8',
  });
  check(cli.status === 0 && readFileSync(out, 'utf8').includes('<path'), 'the CLI converts an image');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await exited;
  rmSync(work, { recursive: true, force: true });
}
