import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../dist/config.js';

// compose.yaml cannot be run here (no container engine): its processes' environments are checked
// against the configuration the server reads, and against the scale-out tests' processes.
const root = new URL('../../../', import.meta.url);
const compose = parse(readFileSync(new URL('compose.yaml', root), 'utf8'), { merge: true });
const scripts = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).scripts;
const cluster = readFileSync(new URL('apps/server/test/support/cluster.ts', root), 'utf8');

const vectrace = ['migrate', 'api', 'worker'] as const;
const envOf = (service: (typeof vectrace)[number]) =>
  compose.services[service].environment as Record<string, string>;

describe('the reference layout (compose.yaml, Dockerfile)', () => {
  it('each process of compose.yaml starts with its environment: API, worker and migrate', () => {
    for (const service of vectrace) {
      const config = loadConfig({ ...envOf(service), DATA_DIR: '/tmp/vectrace-compose-check' });
      expect(config.env, service).toBe('production');
      expect(config.redis, service).toBeDefined();
      expect(config.s3?.bucket, service).toBe('vectrace');
      expect(config.databaseUrl, service).toMatch(/^postgres:/);
    }
    expect(loadConfig({ ...envOf('api'), DATA_DIR: '/tmp/x' }).trace.workers).toBe(0);
    expect(loadConfig({ ...envOf('worker'), DATA_DIR: '/tmp/x' }).healthPort).toBe(3001);
  });

  it('runs the commands package.json defines, two API and two worker processes', () => {
    expect(compose.services.api.command).toEqual(['npm', 'start']);
    expect(compose.services.worker.command).toEqual(['npm', 'run', 'worker']);
    expect(compose.services.migrate.command).toEqual(['npm', 'run', 'migrate']);
    expect(scripts.worker).toBe('node apps/server/dist/worker-main.js');
    expect(scripts.migrate).toBe('node apps/server/dist/migrate-main.js');
    expect(compose.services.api.deploy.replicas).toBe(2);
    expect(compose.services.worker.deploy.replicas).toBe(2);
  });

  it('the scale-out tests run their processes on the same variables', () => {
    const testSetup = cluster + readFileSync(new URL('apps/server/test/support/s3.ts', root), 'utf8');
    const shared = Object.keys(envOf('api')).filter(
      (name) => !['NODE_ENV', 'PUBLIC_URL', 'ALLOW_SANDBOX_PAYMENTS', 'TRUST_PROXY'].includes(name),
    );
    expect(shared.filter((name) => !testSetup.includes(`${name}:`))).toEqual([]);
  });

  it('asks the image whether a process is alive, compose whether it is ready, on the port it serves', () => {
    const dockerfile = readFileSync(new URL('Dockerfile', root), 'utf8');
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\/healthz/m);
    const probe = (service: 'api' | 'worker') => compose.services[service].healthcheck.test.join(' ');
    expect(probe('api')).toContain(
      `127.0.0.1:${loadConfig({ ...envOf('api'), DATA_DIR: '/tmp/x' }).port}/readyz`,
    );
    expect(probe('worker')).toContain(`127.0.0.1:${envOf('worker').HEALTH_PORT}/readyz`);
  });

  it('the image runs what the server reads at run time, without dev dependencies', () => {
    const dockerfile = readFileSync(new URL('Dockerfile', root), 'utf8');
    for (const path of [
      'apps/server/dist',
      'apps/web/dist',
      'packages/tracer/dist',
      'packages/contract/dist',
    ]) {
      expect(dockerfile, path).toContain(`COPY --from=build /app/${path} ${path}`);
    }
    expect(dockerfile).toContain('npm ci --omit=dev');
    expect(dockerfile).toContain('ARG NODE_VERSION=22');
    expect(dockerfile).toMatch(/FROM node:\$\{NODE_VERSION\}-bookworm-slim AS runtime/);
    expect(dockerfile).toContain('USER node');
  });
});
