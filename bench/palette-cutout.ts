/**
 * Palette control and cut-out layering in color mode, measured on the real color images
 * (bench/real: the logos, illustrations and photos), or on the synthetic color corpus when the
 * real images are not fetched.
 *
 *   npx tsx bench/palette-cutout.ts [--synthetic] [--limit N]
 *
 * Prints a markdown section:
 * - colors N (2, 4, 8, 16): how many images get exactly N distinct fill colors (the background
 *   rectangle counts as one), and the counts that missed;
 * - a palette of 4 colors: fills outside the palette (must be none);
 * - cut-out: the sum of the layers' shape areas (shoelace over outlines flattened to 0.05 px) over
 *   the area they cover (their union, rendered as one path at 1x), and the pixels inside that area
 *   (every pixel of its 3x3 block fully covered, and opaque in the image) where a magenta background shows through the render
 *   at 1x: any, and visibly (more than 2%, 5 levels of red); also without the gap-filling stroke,
 *   for comparison; the stacked layers' areas over the area they cover, for comparison too;
 * - the mean color error of each at 1x against the input, on white (what a viewer shows);
 * - trace times, stacked and cut-out (fastest of 2, decode excluded), and of colors: 16 (one run).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { decodeImage } from '../packages/tracer/src/decode.js';
import { flattenSubpath } from '../packages/tracer/src/export/flatten.js';
import { toSvg } from '../packages/tracer/src/export/svg.js';
import {
  isArtwork,
  type RasterImage,
  type TraceSettings,
  type VectorImage,
} from '../packages/tracer/src/index.js';
import { trace } from '../packages/tracer/src/trace.js';
import { loadRealSources, realCorpusDir, realImageFile } from './real/fetch.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The real corpus's color images: categories color mode is for. */
const COLOR_CATEGORIES = new Set([
  'color-logo-alpha',
  'jpeg-logo',
  'flat-illustration',
  'shaded-illustration',
  'png16',
  'photo',
]);

const SIZES = [2, 4, 8, 16];
const PALETTE = ['#1b1b1b', '#f4f1e8', '#d2452f', '#2f6fb0'];
const MAGENTA = '#ff00ff';

interface Input {
  name: string;
  image: RasterImage;
}

async function inputs(synthetic: boolean, limit: number): Promise<{ source: string; list: Input[] }> {
  const list: Input[] = [];
  if (!synthetic) {
    const dir = realCorpusDir();
    for (const source of await loadRealSources()) {
      if (!COLOR_CATEGORIES.has(source.category)) continue;
      const file = realImageFile(dir, source);
      const bytes = await readFile(file).catch(() => undefined);
      if (bytes) list.push({ name: source.id, image: await decodeImage(bytes) });
    }
    if (list.length > 0) return { source: `real corpus (${dir})`, list: list.slice(0, limit) };
  }
  const dir = path.join(here, '..', '..', 'shared', 'corpus', 'color', 'png256');
  for (const file of (await readdir(dir)).sort()) {
    list.push({ name: file, image: await decodeImage(await readFile(path.join(dir, file))) });
  }
  return { source: `synthetic corpus (${dir})`, list: list.slice(0, limit) };
}

/** Distinct fill colors of an SVG (paths and the background rectangle). */
function fills(svg: string): Set<string> {
  return new Set([...svg.matchAll(/fill="(#[0-9a-f]{3,6})"/g)].map((m) => expand(m[1])));
}

function expand(hex: string): string {
  return hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
}

/** Area of every layer (outlines minus holes), summed. */
function shapeArea(model: VectorImage): number {
  let total = 0;
  for (const layer of model.layers) {
    if (layer.fill === false) continue;
    let area = 0;
    for (const subpath of layer.subpaths) {
      const pts = flattenSubpath(subpath, 0.05);
      let twice = 0;
      for (let i = 0; i < pts.length; i++) {
        const a = pts[i];
        const b = pts[(i + 1) % pts.length];
        twice += a.x * b.y - b.x * a.y;
      }
      area += twice / 2;
    }
    total += Math.abs(area);
  }
  return total;
}

function render(svg: string, width: number, background?: string): Uint8Array {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    ...(background ? { background } : {}),
    font: { loadSystemFonts: false },
  });
  return new Uint8Array(resvg.render().pixels);
}

/** The union of every layer's shapes: one path, nonzero, no stroke, one color. */
function unionSvg(model: VectorImage): string {
  const one: VectorImage = {
    ...model,
    background: undefined,
    layers: [
      { color: { r: 0, g: 0, b: 0 }, subpaths: model.layers.filter(isArtwork).flatMap((l) => l.subpaths) },
    ],
  };
  return toSvg(one);
}

/** The area the layers cover together: their union (all outlines as one path), rendered at 1x. */
function coveredArea(model: VectorImage): number {
  const union = render(unionSvg(model), model.width);
  let covered = 0;
  for (let i = 3; i < union.length; i += 4) covered += union[i] / 255;
  return covered;
}

/** Mean absolute RGB difference between the input and the render at 1x, both on white. */
function meanError(image: RasterImage, model: VectorImage): number {
  const out = render(toSvg(model), model.width, 'white');
  const { data } = image;
  let sum = 0;
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3] / 255;
    for (let c = 0; c < 3; c++) sum += Math.abs(out[i + c] - (data[i + c] * a + 255 * (1 - a)));
  }
  return sum / ((data.length / 4) * 3);
}

interface CutoutScore {
  ratio: number;
  covered: number;
  inside: number;
  any: number;
  visible: number;
  most: number;
  mostBare: number;
  anyBare: number;
  visibleBare: number;
}

function scoreCutout(image: RasterImage, model: VectorImage): CutoutScore {
  const { width, height } = model;
  const union = render(unionSvg(model), width);
  const covered = coveredArea(model);
  const opaque = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && union[(y * width + x) * 4 + 3] === 255;
  const interior = new Uint8Array(width * height);
  let inside = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let all = true;
      for (let dy = -1; dy <= 1 && all; dy++)
        for (let dx = -1; dx <= 1 && all; dx++) all = opaque(x + dx, y + dy);
      // Where the image itself lets some background through, so may its vector.
      if (all && image.data[(y * width + x) * 4 + 3] === 255) {
        interior[y * width + x] = 1;
        inside++;
      }
    }
  }
  const showing = (svg: string) => {
    // Over magenta, a pixel shows it as much as the picture leaves it uncovered: 1 - alpha of the
    // render with its transparency kept (its red channel over magenta less its own premultiplied).
    const over = render(svg, width, MAGENTA);
    const clear = render(svg, width);
    let any = 0;
    let visible = 0;
    let most = 0;
    for (let p = 0; p < interior.length; p++) {
      if (!interior[p]) continue;
      const magenta = over[p * 4] - clear[p * 4];
      if (magenta > 0 || clear[p * 4 + 3] < 255) any++;
      if (magenta > 5) visible++;
      most = Math.max(most, magenta / 255);
    }
    return { any, visible, most };
  };
  const withStroke = showing(toSvg(model));
  const bare = showing(toSvg({ ...model, layers: model.layers.filter(isArtwork) }));
  return {
    ratio: shapeArea(model) / covered,
    covered,
    inside,
    any: withStroke.any,
    visible: withStroke.visible,
    most: withStroke.most,
    mostBare: bare.most,
    anyBare: bare.any,
    visibleBare: bare.visible,
  };
}

function timed(image: RasterImage, settings: Partial<TraceSettings>): { model: VectorImage; ms: number } {
  let best = Number.POSITIVE_INFINITY;
  let model: VectorImage | undefined;
  for (let k = 0; k < 2; k++) {
    const t = performance.now();
    model = trace(image, settings);
    best = Math.min(best, performance.now() - t);
  }
  return { model: model as VectorImage, ms: best };
}

function pct(share: number): string {
  return `${(100 * share).toFixed(1)}%`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const synthetic = args.includes('--synthetic');
  const at = args.indexOf('--limit');
  const limit = at >= 0 ? Number(args[at + 1]) : Number.POSITIVE_INFINITY;
  const { source, list } = await inputs(synthetic, limit);
  const rows: string[] = [];
  const exact = new Map(SIZES.map((n) => [n, 0]));
  const missed: string[] = [];
  let paletteBad = 0;
  let worstRatio = 0;
  let anyTotal = 0;
  let visibleTotal = 0;
  let bareTotal = 0;
  let most = 0;
  let mostBare = 0;
  let stackedMs = 0;
  let sixteenMs = 0;
  const errors = [0, 0];
  let cutoutMs = 0;
  // The first traces of a process compile the code: warm both paths before timing any.
  for (const layering of ['stacked', 'cutout'] as const) {
    for (const { image } of list.slice(0, 3)) trace(image, { mode: 'color', layering });
  }
  for (const { name, image } of list) {
    const counts = SIZES.map((n) => {
      const t = performance.now();
      const model = trace(image, { mode: 'color', colors: n });
      if (n === 16) sixteenMs += performance.now() - t;
      return fills(toSvg(model)).size;
    });
    counts.forEach((c, i) => {
      if (c === SIZES[i]) exact.set(SIZES[i], (exact.get(SIZES[i]) ?? 0) + 1);
      else missed.push(`${name} ${SIZES[i]}: ${c}`);
    });
    const used = fills(toSvg(trace(image, { mode: 'color', palette: PALETTE })));
    const outside = [...used].filter((c) => !PALETTE.includes(c));
    if (outside.length > 0) paletteBad++;
    const stacked = timed(image, { mode: 'color' });
    const cut = timed(image, { mode: 'color', layering: 'cutout' });
    const s = scoreCutout(image, cut.model);
    const stackedRatio = shapeArea(stacked.model) / coveredArea(stacked.model);
    const error = [meanError(image, stacked.model), meanError(image, cut.model)];
    errors[0] += error[0];
    errors[1] += error[1];
    worstRatio = Math.max(worstRatio, s.ratio);
    anyTotal += s.any;
    visibleTotal += s.visible;
    bareTotal += s.visibleBare;
    most = Math.max(most, s.most);
    mostBare = Math.max(mostBare, s.mostBare);
    stackedMs += stacked.ms;
    cutoutMs += cut.ms;
    rows.push(
      `| ${name} | ${image.width}x${image.height} | ${counts.join(' / ')} | ${used.size}${outside.length ? ` (${outside.join(' ')} outside)` : ''} | ${s.ratio.toFixed(4)} | ${stackedRatio.toFixed(3)} | ${s.any} / ${s.visible} / ${pct(s.most)} | ${s.anyBare} / ${s.visibleBare} / ${pct(s.mostBare)} | ${error.map((e) => e.toFixed(2)).join(' / ')} | ${stacked.ms.toFixed(0)} | ${cut.ms.toFixed(0)} |`,
    );
    process.stderr.write(`${name} done\n`);
  }
  const n = list.length;
  const out = [
    '## Palette control and cut-out layering',
    '',
    `${n} images, ${source}; \`npx tsx bench/palette-cutout.ts\`.`,
    '',
    `- colors N gives exactly N fill colors: ${SIZES.map((s) => `N=${s} ${exact.get(s)}/${n}`).join(', ')}${missed.length ? ` (missed: ${missed.join('; ')})` : ''}`,
    `- palette ${PALETTE.join(' ')}: images with a fill outside it ${paletteBad}/${n}`,
    `- cut-out shape area / covered area: worst ${worstRatio.toFixed(4)} (target <= 1.01)`,
    `- cut-out, pixels inside the covered area showing magenta at 1x: ${anyTotal} any, ${visibleTotal} visibly (over 2%), ${pct(most)} at most; without the gap filler ${bareTotal} visibly, ${pct(mostBare)} at most`,
    `- mean color error at 1x on white (MAE, 0-255), stacked ${(errors[0] / n).toFixed(2)}, cut-out ${(errors[1] / n).toFixed(2)}`,
    `- trace time, whole set: stacked ${(stackedMs / 1000).toFixed(2)} s, cut-out ${(cutoutMs / 1000).toFixed(2)} s (${(cutoutMs / stackedMs).toFixed(2)}x); colors: 16 ${(sixteenMs / 1000).toFixed(2)} s (one run, stacked)`,
    '',
    '| image | size | colors 2/4/8/16 | palette colors used | cut-out area ratio | stacked area ratio | magenta any / visible / most | no filler any / visible / most | MAE stacked / cut-out | stacked ms | cut-out ms |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ];
  console.log(out.join('\n'));
}

await main();
