import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

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

  it('needs sharp and Node only for decoding and the command line, sharp as an optional peer', async () => {
    const manifest = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8'));
    expect(manifest.license).toBe('MIT');
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.peerDependenciesMeta.sharp.optional).toBe(true);
    const files = (await packedFiles()).filter((f) => f.startsWith('dist/') && f.endsWith('.js'));
    for (const file of files) {
      const code = await readFile(join(packageDir, file), 'utf8');
      const native = /from '(sharp|node:[^']+)'/.test(code);
      if (native) expect(file === 'dist/decode.js' || file.startsWith('dist/cli'), file).toBe(true);
    }
  }, 120_000);
});
