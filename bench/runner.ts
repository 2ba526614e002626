import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { countCommands } from './commands.js';
import type { CorpusImage, Kind, Subset } from './corpus.js';
import { score } from './metrics.js';
import type { Peer, Traced } from './peers/peer.js';
import { render } from './render.js';
import { groundTruth } from './truth.js';

/** One engine's result on one image. */
export interface ImageResult {
  id: string;
  /** IoU (bw, higher is better) or MAE (color, lower is better). */
  score: number;
  commands: number;
  bytes: number;
  ms: number;
  stages?: Record<string, number>;
}

/** One engine over one subset. */
export interface EngineRun {
  peer: Peer;
  images: ImageResult[];
  failures: { id: string; message: string }[];
}

/** Every engine over one subset. */
export interface SubsetRun {
  kind: Kind;
  name: string;
  count: number;
  engines: EngineRun[];
}

export interface RunOptions {
  repeat: number;
  writeSvg?: string;
  log?: (line: string) => void;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Resolves once the event loop has run what was already waiting (a CLI peer's exit and its pipes
 * closing): timed from here, an engine that awaits its decoder is not charged for another's
 * process.
 */
export function settled(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Times one trace, decode included; with repeats, the fastest run is kept (the least disturbed). */
export async function timed(
  peer: Peer,
  bytes: Buffer,
  kind: Kind,
  repeat: number,
): Promise<{ out: Traced; ms: number }> {
  let best = Number.POSITIVE_INFINITY;
  let out: Traced | undefined;
  for (let i = 0; i < repeat; i++) {
    await settled();
    const start = performance.now();
    out = await peer.trace(bytes, kind);
    best = Math.min(best, performance.now() - start);
  }
  return { out: out as Traced, ms: best };
}

async function runImage(
  peer: Peer,
  image: CorpusImage,
  bytes: Buffer,
  options: RunOptions,
): Promise<ImageResult> {
  const { out, ms } = await timed(peer, bytes, image.kind, options.repeat);
  if (options.writeSvg) {
    const dir = path.join(options.writeSvg, image.kind, image.subset, peer.name);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `${image.id}.svg`), out.svg);
  }
  const fidelity = score(image.kind, render(out.svg), await groundTruth(image));
  return {
    id: image.id,
    score: fidelity,
    commands: countCommands(out.svg),
    bytes: Buffer.byteLength(out.svg),
    ms,
    stages: out.stages,
  };
}

/**
 * Runs every engine on every image of a subset. Each engine traces the first image once untimed
 * to warm up; an engine that throws on an image has that image counted as a failure and the run
 * goes on.
 */
export async function runSubset(subset: Subset, peers: Peer[], options: RunOptions): Promise<SubsetRun> {
  const engines: EngineRun[] = peers
    .filter((peer) => peer.kinds.includes(subset.kind))
    .map((peer) => ({ peer, images: [], failures: [] }));
  const first = subset.images[0];
  if (first) {
    const bytes = await readFile(first.file);
    for (const { peer } of engines) await peer.trace(bytes, subset.kind).catch(() => undefined);
  }
  // The engines that run in process go through the subset first: a command-line engine's run forks
  // this process, which slows the next in-process runs (see runReal).
  for (const pass of [engines.filter((e) => e.peer.inProcess), engines.filter((e) => !e.peer.inProcess)]) {
    for (const image of subset.images) {
      const bytes = await readFile(image.file);
      for (const engine of pass) {
        try {
          engine.images.push(await runImage(engine.peer, image, bytes, options));
        } catch (error) {
          engine.failures.push({ id: image.id, message: message(error) });
          options.log?.(
            `  ${engine.peer.name} failed on ${subset.kind}/${subset.name}/${image.id}: ${message(error)}`,
          );
        }
      }
    }
  }
  return { kind: subset.kind, name: subset.name, count: subset.images.length, engines };
}
