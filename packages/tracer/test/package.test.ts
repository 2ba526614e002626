import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

/** The files `npm pack` would publish. */
async function packedFiles(): Promise<string[]> {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: packageDir,
  });
  const [pack] = JSON.parse(stdout) as { files: { path: string }[] }[];
  return (pack?.files ?? []).map((f) => f.path);
}

describe('the published package', () => {
  it('ships its license, readme, build and the sources its maps point to', async () => {
    const files = await packedFiles();
    for (const name of [
      'LICENSE',
      'README.md',
      'package.json',
      'dist/index.js',
      'dist/index.d.ts',
      'bin/vectrace.js',
    ])
      expect(files).toContain(name);
    const maps = files.filter((f) => f.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(20);
    for (const map of maps) {
      const { sources } = JSON.parse(await readFile(join(packageDir, map), 'utf8')) as { sources: string[] };
      for (const source of sources) expect(files).toContain(normalize(join(dirname(map), source)));
    }
    expect(files.some((f) => f.endsWith('.tsbuildinfo'))).toBe(false);
  }, 120_000);

  it('needs sharp, resvg and Node only to decode, draw PNG and for the command line, as optional peers', async () => {
    const manifest = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8'));
    expect(manifest.license).toBe('MIT');
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.peerDependenciesMeta.sharp.optional).toBe(true);
    expect(manifest.peerDependenciesMeta['@resvg/resvg-js'].optional).toBe(true);
    const files = (await packedFiles()).filter((f) => f.startsWith('dist/') && f.endsWith('.js'));
    for (const file of files) {
      const code = await readFile(join(packageDir, file), 'utf8');
      const native = /from '(sharp|node:[^']+)'/.test(code);
      if (native) expect(file === 'dist/decode.js' || file.startsWith('dist/cli'), file).toBe(true);
      if (/from '@resvg\/resvg-js'/.test(code)) expect(file).toBe('dist/png.js');
    }
  }, 120_000);
});

describe('the package installed without sharp', () => {
  let project: string;

  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), 'vectrace-no-sharp-'));
    const { stdout } = await run(
      'npm',
      ['pack', '--json', '--ignore-scripts', '--pack-destination', project],
      {
        cwd: packageDir,
      },
    );
    const [{ filename }] = JSON.parse(stdout) as { filename: string }[];
    await writeFile(join(project, 'package.json'), '{ "name": "no-sharp", "private": true }');
    // The engine has no dependencies: nothing is fetched, and the optional peer stays out.
    await run(
      'npm',
      [
        'install',
        '--offline',
        '--omit=peer',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        join(project, filename),
      ],
      { cwd: project },
    );
  }, 120_000);
  afterAll(() => rm(project, { recursive: true, force: true }));

  const vectrace = (...args: string[]) =>
    run(process.execPath, [join(project, 'node_modules/.bin/vectrace'), ...args], { cwd: project }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (err: { code: number; stdout: string; stderr: string }) => err,
    );

  it('has no sharp to find', () => {
    expect(existsSync(join(project, 'node_modules/sharp'))).toBe(false);
  });

  it('answers --help, --version and a usage error', async () => {
    const help = await vectrace('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: vectrace INPUT');
    const version = await vectrace('--version');
    expect(version.stdout).toMatch(/^vectrace \d+\.\d+\.\d+\n$/);
    const usage = await vectrace('--threshold', '200', 'a.png', '-o', 'a.svg');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--threshold must be a number from 0 to 100');
  });

  it('says in one sentence that reading images needs sharp', async () => {
    await writeFile(join(project, 'a.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    const converted = await vectrace('a.png', '-o', 'a.svg');
    expect(converted.code).toBe(1);
    expect(converted.stderr).toBe(
      'vectrace: reading PNG, JPEG, WebP, GIF and TIFF images needs sharp, which is not installed: npm install sharp\n',
    );
  });

  it('is loaded by require() as well as by import, and traces', async () => {
    const script = [
      "const { trace, toSvg } = require('@vectrace/tracer');",
      'const data = new Uint8Array(16 * 16 * 4).fill(255);',
      'for (let i = 0; i < 16 * 16; i++) if (i % 16 > 3 && i % 16 < 12 && i > 64 && i < 192) data.fill(0, i * 4, i * 4 + 3);',
      'process.stdout.write(toSvg(trace({ width: 16, height: 16, data }, {})));',
    ].join('\n');
    await writeFile(join(project, 'use.cjs'), script);
    const { stdout } = await run(process.execPath, ['use.cjs'], { cwd: project });
    expect(stdout).toContain('<path');
  });
});
