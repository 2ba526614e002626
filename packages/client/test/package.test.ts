import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

interface Packed {
  filename: string;
  files: { path: string }[];
}

/** What `npm pack` makes of the package (built already: `npm run build` comes before the tests). */
async function pack(...args: string[]): Promise<Packed> {
  const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', ...args], { cwd: packageDir });
  const [packed] = JSON.parse(stdout) as Packed[];
  return packed;
}

describe('the published client', () => {
  it('ships its build, types, OpenAPI document, readme, changelog and license, and nothing else', async () => {
    const files = (await pack('--dry-run')).files.map((f) => f.path);
    for (const name of [
      'package.json',
      'README.md',
      'CHANGELOG.md',
      'LICENSE',
      'openapi.json',
      'dist/index.js',
      'dist/index.d.ts',
    ])
      expect(files).toContain(name);
    const others = files.filter(
      (f) => !/^(package\.json|README\.md|CHANGELOG\.md|LICENSE|openapi\.json)$/.test(f),
    );
    for (const file of others) expect(file, file).toMatch(/^dist\/[\w-]+\.(js|d\.ts)$/);
    // Every module the build imports is shipped beside it.
    for (const file of others) {
      const code = await readFile(join(packageDir, file), 'utf8');
      for (const [, target] of code.matchAll(/from '(\.[^']+)'/g)) {
        const shipped = normalize(join(dirname(file), target));
        expect(files, `${file} imports ${target}`).toContain(
          file.endsWith('.d.ts') ? shipped.replace(/\.js$/, '.d.ts') : shipped,
        );
      }
    }
  }, 120_000);

  it('says what a registry needs: its license, entry points and types, the changelog’s version', async () => {
    const manifest = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8'));
    expect(manifest.license).toBe('MIT');
    expect(manifest.private).toBeUndefined();
    expect(manifest.exports['.']).toEqual({
      types: './dist/index.d.ts',
      import: './dist/index.js',
      default: './dist/index.js',
    });
    expect(manifest.types).toBe('./dist/index.d.ts');
    expect(Object.keys(manifest.dependencies)).toEqual(['openapi-fetch']);
    const changelog = await readFile(join(packageDir, 'CHANGELOG.md'), 'utf8');
    expect(/^## (\S+)/m.exec(changelog)?.[1]).toBe(manifest.version);
  });
});

describe('the client installed from its tarball', () => {
  let project: string;

  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), 'vectrace-client-pack-'));
    const { filename } = await pack('--pack-destination', project);
    await writeFile(
      join(project, 'package.json'),
      '{ "name": "uses-client", "private": true, "type": "module" }',
    );
    // Unpacked as npm installs it; its one dependency, openapi-fetch, is the repository's.
    const installed = join(project, 'node_modules/@vectrace/client');
    await mkdir(installed, { recursive: true });
    await run('tar', ['-xzf', join(project, filename), '-C', installed, '--strip-components=1']);
    const root = fileURLToPath(new URL('../../../node_modules/openapi-fetch', import.meta.url));
    await symlink(root, join(project, 'node_modules/openapi-fetch'), 'dir');
  }, 120_000);
  afterAll(() => rm(project, { recursive: true, force: true }));

  it('is imported by its name, with its OpenAPI document', async () => {
    const script = [
      "import { createVectrace, VectraceError } from '@vectrace/client';",
      "import { createRequire } from 'node:module';",
      "const document = createRequire(import.meta.url)('@vectrace/client/openapi.json');",
      "const vectrace = createVectrace({ apiKey: 'vt_x', baseUrl: 'http://127.0.0.1:9' });",
      'console.log(typeof vectrace.vectorize, typeof vectrace.jobs, new VectraceError(429, "rate_limited", "x", 2).retryAfterSeconds, document.openapi);',
    ].join('\n');
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: project });
    expect(stdout.trim()).toMatch(/^function function 2 3\.\d+\.\d+$/);
  }, 60_000);
});
