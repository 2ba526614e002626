import { readFile } from 'node:fs/promises';
import { describeReading, type Reading, toSvg, trace } from '@vectrace/tracer';
import { countCommands } from '../commands.js';
import type { Kind } from '../corpus.js';
import { decode, type Rgba } from '../decode.js';
import { iou } from '../metrics.js';
import type { Peer } from '../peers/peer.js';
import { renderRgba } from '../render.js';
import { settled, timed } from '../runner.js';
import { type RealSource, realImageFile } from './fetch.js';
import {
  hasDarkGround,
  inkMask,
  inkOnWhite,
  lostColorShare,
  meanAbsoluteError,
  onWhite,
  sauvolaMask,
  transparencyKept,
  withinPage,
} from './metrics.js';

/**
 * Scans, pages and screenshots (small text on flat panels): scored against a Sauvola binarization
 * of the input rather than a 50% cut.
 */
export const DOCUMENT_CATEGORIES = ['document', 'large-page', 'screenshot'];

/**
 * Pages: what the user wants of them is their ink on white paper, so the default result's lost
 * share is measured against that (the Sauvola binarization), not against the paper's tone or the
 * table the page lies on; or against the picture, when the result kept it as it is.
 */
const PAGE_CATEGORIES = ['document', 'large-page'];

/** Whether an image is a document (scan or photo of paper, or a screenshot). */
export function isDocument(source: RealSource): boolean {
  return DOCUMENT_CATEGORIES.includes(source.category);
}

/** One engine's result on one real image in one mode. */
export interface RealResult {
  id: string;
  mode: Kind;
  engine: string;
  /** bw: IoU of the ink (documents: against Sauvola's binarization). */
  iou?: number;
  /** color: mean absolute RGB error, share of lost color, share of transparency kept. */
  mae?: number;
  lost?: number;
  kept?: number;
  commands: number;
  bytes: number;
  ms: number;
  svg: string;
}

/** A failure of one engine on one image. */
export interface RealFailure {
  id: string;
  mode: Kind;
  engine: string;
  message: string;
}

/** The default (automatic) result of one image: what it was read as and how much of it survived. */
export interface AutoResult {
  kind: Reading['kind'];
  /** Lost-color share of its render against the input, both on white (pages: see PAGE_CATEGORIES). */
  lost: number;
  svg: string;
  /** Decode, read, trace and SVG, in process, the fastest of the runs. */
  ms: number;
}

export interface RealRun {
  sources: RealSource[];
  /** What the automatic mode (the default) read each image as, by id. */
  readings: Map<string, string>;
  /** The automatic mode's result on each image, by id. */
  auto: Map<string, AutoResult>;
  /** Pixel art: the mean absolute RGB error of the default (automatic) result at 1x, by id. */
  pixelExact: Map<string, number>;
  results: RealResult[];
  failures: RealFailure[];
  /** Which engines ran in which mode, for the report. */
  engines: { name: string; mode: Kind; describe: string; inProcess: boolean }[];
}

/** The peers that trace this image in this mode: `documentOnly` peers only on documents. */
function peersFor(peers: RealPeer[], source: RealSource, mode: Kind): RealPeer[] {
  return peers.filter((p) => p.peer.kinds.includes(mode) && (!p.documentOnly || isDocument(source)));
}

/** A peer, and whether it only runs on documents (mkbitmap's high-pass filter is for scans). */
export interface RealPeer {
  peer: Peer;
  documentOnly?: boolean;
}

/**
 * A screenshot of a dark screen: its ink is its light text (a photo of paper is paper, however dim
 * the light).
 */
function isDarkScreen(source: RealSource, input: Rgba): boolean {
  return source.category === 'screenshot' && hasDarkGround(input);
}

/** What a bw trace is scored against: Sauvola on a document (on its page only), else the 50% cut. */
function bwTruth(source: RealSource, input: Rgba): Uint8Array {
  if (!isDocument(source)) return inkMask(input);
  const ink = sauvolaMask(input, { negative: isDarkScreen(source, input) });
  return source.page ? withinPage(ink, input.width, source.page) : ink;
}

/** Scores one traced SVG against its input. */
function score(source: RealSource, input: Rgba, mode: Kind, svg: string, truth: Uint8Array) {
  const render = renderRgba(svg, input.width);
  if (render.height !== input.height) {
    throw new Error(`rendered ${render.width}x${render.height}, the input is ${input.width}x${input.height}`);
  }
  if (mode === 'bw') {
    const ink = inkMask(render);
    if (!isDarkScreen(source, input)) return { iou: iou(ink, truth) };
    // Light text on a dark screen reads as well black on white as white on black: the result is
    // scored in the polarity it took (its ink or its paper against the text).
    const paper = ink.map((v) => 1 - v);
    return { iou: Math.max(iou(ink, truth), iou(paper, truth)) };
  }
  const flat = onWhite(render);
  const inputFlat = onWhite(input);
  return {
    mae: meanAbsoluteError(inputFlat, flat),
    lost: lostColorShare(inputFlat, flat),
    kept: source.alpha ? transparencyKept(input, render) : undefined,
  };
}

/**
 * Traces every real image in both modes with every engine that takes that mode, scoring each
 * result against the input. An engine's failure on one image is recorded and the run goes on.
 * The engines that run in process go through the whole set first, the command-line ones (potrace,
 * mkbitmap) after: each of their runs forks this process, and for a while after a fork every page
 * the process writes is copied on first touch, which doubled our small images' trace time when a
 * CLI engine ran just before it, image after image.
 */
export async function runReal(
  sources: RealSource[],
  dir: string,
  peers: RealPeer[],
  options: { repeat: number; log?: (line: string) => void },
): Promise<RealRun> {
  const results: RealResult[] = [];
  const failures: RealFailure[] = [];
  const readings = new Map<string, string>();
  const autos = new Map<string, AutoResult>();
  const pixelExact = new Map<string, number>();
  const passes = [peers.filter((p) => p.peer.inProcess), peers.filter((p) => !p.peer.inProcess)];
  for (const [pass, passPeers] of passes.entries()) {
    for (const source of sources) {
      const bytes = await readFile(realImageFile(dir, source));
      const input = await decode(bytes);
      const started = performance.now();
      if (pass === 0) {
        const { auto, reading, pixelMae } = await readAuto(source, bytes, input, options.repeat);
        readings.set(source.id, reading);
        autos.set(source.id, auto);
        if (pixelMae !== undefined) pixelExact.set(source.id, pixelMae);
      }
      for (const mode of ['bw', 'color'] as const) {
        const truth = mode === 'bw' ? bwTruth(source, input) : new Uint8Array();
        for (const { peer } of peersFor(passPeers, source, mode)) {
          try {
            const { out, ms } = await timed(peer, bytes, mode, options.repeat);
            results.push({
              id: source.id,
              mode,
              engine: peer.name,
              ...score(source, input, mode, out.svg, truth),
              commands: countCommands(out.svg),
              bytes: Buffer.byteLength(out.svg),
              ms,
              svg: out.svg,
            });
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            failures.push({ id: source.id, mode, engine: peer.name, message });
            options.log?.(`  ${peer.name} failed on ${source.id} (${mode}): ${message}`);
          }
        }
      }
      const which = pass === 0 ? '' : ' (command-line engines)';
      options.log?.(`${source.id}${which}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  }
  const engines = (['bw', 'color'] as const).flatMap((mode) =>
    peers
      .filter((p) => p.peer.kinds.includes(mode))
      .map(({ peer, documentOnly }) => ({
        name: peer.name,
        mode,
        describe: peer.describe(mode) + (documentOnly ? ' (documents only)' : ''),
        inProcess: peer.inProcess,
      })),
  );
  return { sources, readings, auto: autos, pixelExact, results, failures, engines };
}

/**
 * The automatic mode's result of an image, timed, what it lost of the picture and, on pixel art,
 * its mean error at 1x.
 */
async function readAuto(
  source: RealSource,
  bytes: Buffer,
  input: Rgba,
  repeat: number,
): Promise<{ auto: AutoResult; reading: string; pixelMae?: number }> {
  const { auto, ms } = await timedAuto(bytes, repeat);
  const svg = toSvg(auto);
  const render = onWhite(renderRgba(svg, input.width));
  const inputFlat = onWhite(input);
  // A page's result is measured against its ink on white paper, or against the picture itself
  // when it kept that (a photo of blurred text kept in its grays is not the clean page wanted, a
  // wrong reading, but nothing of the picture is lost).
  const lost = PAGE_CATEGORIES.includes(source.category)
    ? Math.min(
        lostColorShare(inkOnWhite(bwTruth(source, input), input), render),
        lostColorShare(inputFlat, render),
      )
    : lostColorShare(inputFlat, render);
  return {
    auto: { kind: auto.reading.kind, lost, svg, ms },
    reading: describeReading(auto),
    pixelMae: source.category === 'pixel-art' ? meanAbsoluteError(inputFlat, render) : undefined,
  };
}

/** The default (automatic) result of an image, timed as the peers are: decode, trace and SVG. */
async function timedAuto(
  bytes: Buffer,
  repeat: number,
): Promise<{ auto: ReturnType<typeof trace>; ms: number }> {
  let ms = Number.POSITIVE_INFINITY;
  let auto: ReturnType<typeof trace> | undefined;
  for (let k = 0; k < repeat; k++) {
    await settled();
    const t = performance.now();
    auto = trace(await decode(bytes));
    toSvg(auto);
    ms = Math.min(ms, performance.now() - t);
  }
  return { auto: auto as ReturnType<typeof trace>, ms };
}
