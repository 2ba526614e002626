import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../dist/config.js';

// compose.yaml cannot be run here (no container engine): its processes' environments are checked
// against the configuration the server reads, and against the scale-out tests' processes.
const root = new URL('../../../', import.meta.url);
const compose = parse(readFileSync(new URL('compose.yaml', root), 'utf8'), { merge: true });
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const scripts = manifest.scripts;
const dockerfile = readFileSync(new URL('Dockerfile', root), 'utf8');

/** Every workspace's manifest, as npm finds them from the root's `workspaces` (`apps/*`, `bench`). */
function workspaceManifests(): string[] {
  return (manifest.workspaces as string[])
    .flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(new URL(pattern.slice(0, -1), root)).map((name) => `${pattern.slice(0, -1)}${name}`)
        : [pattern],
    )
    .map((dir) => `${dir}/package.json`)
    .filter((file) => existsSync(new URL(file, root)));
}

/**
 * What each stage of the Dockerfile has copied when it runs `npm ci`: the destination of every
 * COPY before it, as `<dir>/package.json` for a manifest copied into its folder.
 */
function copiedBeforeInstall(): { stage: string; copied: string[] }[] {
  return dockerfile
    .split(/^FROM /m)
    .slice(1)
    .filter((stage) => /^RUN npm ci/m.test(stage))
    .map((stage) => {
      const before = stage.slice(0, stage.search(/^RUN npm ci/m));
      const copied = [...before.matchAll(/^COPY (?:--from=\S+ )?(\S+) (\S+)$/gm)].map(([, from, to]) =>
        to.endsWith('/') ? `${to}${from.split('/').pop()}` : to,
      );
      return { stage: stage.split('\n')[0], copied };
    });
}
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
    expect(scripts.worker).toBe('exec node apps/server/dist/worker-main.js');
    expect(scripts.migrate).toBe('exec node apps/server/dist/migrate-main.js');
    expect(compose.services.api.deploy.replicas).toBe(2);
    expect(compose.services.worker.deploy.replicas).toBe(2);
  });

  it('every value its comments suggest for TRUST_PROXY is one the server takes', () => {
    const text = readFileSync(new URL('compose.yaml', root), 'utf8');
    const above = text.slice(0, text.indexOf('  TRUST_PROXY:')).trimEnd().split('\n');
    const comment = above.slice(above.findLastIndex((line) => !line.trimStart().startsWith('#')) + 1);
    const suggested = [...comment.join(' ').matchAll(/"([^"]+)"/g)].map(([, value]) => value);
    expect(suggested.length).toBeGreaterThan(1);
    for (const value of suggested) {
      expect(
        () => loadConfig({ ...envOf('api'), TRUST_PROXY: value, DATA_DIR: '/tmp/x' }),
        value,
      ).not.toThrow();
    }
  });

  it('the scale-out tests run their processes on the same variables', () => {
    const testSetup = cluster + readFileSync(new URL('apps/server/test/support/s3.ts', root), 'utf8');
    const shared = Object.keys(envOf('api')).filter(
      (name) => !['NODE_ENV', 'PUBLIC_URL', 'ALLOW_SANDBOX_PAYMENTS', 'TRUST_PROXY'].includes(name),
    );
    expect(shared.filter((name) => !testSetup.includes(`${name}:`))).toEqual([]);
  });

  it('asks the image whether a process is alive, compose whether it is ready, on the port it serves', () => {
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\/healthz/m);
    const probe = (service: 'api' | 'worker') => compose.services[service].healthcheck.test.join(' ');
    expect(probe('api')).toContain(
      `127.0.0.1:${loadConfig({ ...envOf('api'), DATA_DIR: '/tmp/x' }).port}/readyz`,
    );
    expect(probe('worker')).toContain(`127.0.0.1:${envOf('worker').HEALTH_PORT}/readyz`);
  });

  it('copies every workspace manifest before each npm ci, which checks the lockfile against them all', () => {
    const stages = copiedBeforeInstall();
    expect(stages.map(({ stage }) => stage)).toHaveLength(2);
    const manifests = workspaceManifests();
    expect(manifests).toContain('packages/client/package.json');
    for (const { stage, copied } of stages) {
      if (copied.includes('.')) continue;
      expect(
        manifests.filter((file) => !copied.includes(file)),
        stage,
      ).toEqual([]);
    }
  });

  it('the image runs what the server reads at run time, without dev dependencies', () => {
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
