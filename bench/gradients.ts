/**
 * Gradients in color mode (`gradients: true`) against flat color, on synthetic cases (a linear
 * gradient at an angle, an off-centre radial highlight on transparency, a glossy icon with a flat
 * glyph on top, a flat logo) and on the real set (bench/real, fetched by `npm run bench`):
 * per image, the artwork's shapes (subpaths), the SVG's bytes and its MAE at 1x against the input
 * on white, with and without; and the trace times. The automatic mode, which uses gradients by
 * itself where the result comes out smaller, against its flat result (the color mode's) on the
 * real images it reads as color. Writes its section of bench/RESULTS.md and, in
 * bench/out/gradients, sheets of the ten images most improved and of those made worse (input,
 * flat, gradients), and of those where the automatic mode took gradients.
 *
 *   npm run bench:gradients
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { decodeImage } from '../packages/tracer/src/decode.js';
import { toSvg } from '../packages/tracer/src/export/svg.js';
import { isArtwork } from '../packages/tracer/src/index.js';
import type { TraceSettings } from '../packages/tracer/src/settings/index.js';
import { trace } from '../packages/tracer/src/trace.js';
import { flat, glossy, linear, radial } from '../packages/tracer/test/helpers/shading.js';
import type { Rgba } from './decode.js';
import { loadRealSources, realCorpusDir, realImageFile } from './real/fetch.js';
import { meanAbsoluteError, onWhite } from './real/metrics.js';
import { renderRgba } from './render.js';
import { GRADIENTS_SECTION, writeSection } from './results-section.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.join(here, 'out', 'gradients');

/** An image "with smooth shading" loses at least this share of its shapes with gradients... */
const FEWER = 0.3;
/** ...and no image's MAE may rise by more than this. */
const WORSE_MAE = 0.5;

interface Trace {
  shapes: number;
  gradients: number;
  bytes: number;
  mae: number;
  ms: number;
  svg: string;
}

interface Row {
  name: string;
  image: Rgba;
  flat: Trace;
  shaded: Trace;
}

function traced(image: Rgba, settings: Partial<TraceSettings>): Trace & { color: boolean } {
  const started = performance.now();
  const model = trace(image, settings);
  const ms = performance.now() - started;
  const svg = toSvg(model);
  const artwork = model.layers.filter(isArtwork);
  const rendered = renderRgba(svg, image.width);
  return {
    shapes: artwork.reduce((sum, layer) => sum + layer.subpaths.length, 0),
    gradients: artwork.filter((layer) => layer.gradient).length,
    bytes: svg.length,
    mae: meanAbsoluteError(onWhite(image), onWhite(rendered)),
    ms,
    svg,
    color: model.reading.mode === 'color',
  };
}

async function realImages(): Promise<{ name: string; image: Rgba }[]> {
  const dir = realCorpusDir();
  const list: { name: string; image: Rgba }[] = [];
  for (const source of await loadRealSources()) {
    const bytes = await readFile(realImageFile(dir, source)).catch(() => undefined);
    if (!bytes) continue;
    const { width, height, data } = await decodeImage(bytes);
    list.push({
      name: source.id,
      image: { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) },
    });
  }
  return list;
}

const fewer = (row: Row) => 1 - row.shaded.shapes / Math.max(1, row.flat.shapes);
const worse = (row: Row) => row.shaded.mae > row.flat.mae + WORSE_MAE || row.shaded.shapes > row.flat.shapes;

function table(rows: Row[]): string[] {
  const lines = [
    '| image | size | shapes (flat / gradients) | gradients | bytes (flat / gradients) | MAE (flat / gradients) | ms (flat / gradients) |',
    '|---|---|---|---:|---|---|---|',
  ];
  for (const r of rows) {
    const { flat: a, shaded: b } = r;
    lines.push(
      `| ${r.name} | ${r.image.width}x${r.image.height} | ${a.shapes} / ${b.shapes} (${(-100 * fewer(r)).toFixed(0)}%) | ${b.gradients} | ${a.bytes} / ${b.bytes} | ${a.mae.toFixed(2)} / ${b.mae.toFixed(2)} | ${a.ms.toFixed(0)} / ${b.ms.toFixed(0)} |`,
    );
  }
  return lines;
}

/** Input, flat and gradients side by side, each at most 300 px high, for every row. */
async function sheet(rows: Row[], file: string): Promise<void> {
  const height = 300;
  const panels: Buffer[] = [];
  for (const r of rows) {
    const scale = Math.min(1, height / r.image.height, 400 / r.image.width);
    const [w, h] = [
      Math.max(1, Math.round(r.image.width * scale)),
      Math.max(1, Math.round(r.image.height * scale)),
    ];
    const input = sharp(r.image.data, { raw: { width: r.image.width, height: r.image.height, channels: 4 } });
    // sharp reads no SVG here (decode.ts opens only the image loaders): resvg draws the traces.
    const drawn = (svg: string) =>
      new Resvg(svg, { fitTo: { mode: 'width', value: w }, background: 'white' }).render().asPng();
    const resized = [
      await input.resize(w, h).flatten({ background: '#ffffff' }).png().toBuffer(),
      ...[r.flat.svg, r.shaded.svg].map(drawn),
    ];
    panels.push(
      await sharp({ create: { width: 3 * w + 12, height: h + 2, channels: 3, background: '#d6e2d6' } })
        .composite(resized.map((input, i) => ({ input, left: i * (w + 6), top: 0 })))
        .png()
        .toBuffer(),
    );
  }
  if (panels.length === 0) return;
  const sizes = await Promise.all(panels.map((p) => sharp(p).metadata()));
  const width = Math.max(...sizes.map((s) => s.width));
  const total = sizes.reduce((sum, s) => sum + s.height + 6, 0);
  let top = 0;
  const composites = panels.map((input, i) => {
    const at = { input, left: 0, top };
    top += sizes[i].height + 6;
    return at;
  });
  await sharp({ create: { width, height: total, channels: 3, background: '#ffffff' } })
    .composite(composites)
    .png()
    .toFile(file);
}

const synthetic = [
  { name: 'linear gradient at an angle', image: linear },
  { name: 'radial highlight on transparency', image: radial },
  { name: 'glossy icon, flat glyph', image: glossy },
  { name: 'flat logo', image: flat },
];
const measure = (list: { name: string; image: Rgba }[]): Row[] =>
  list.map(({ name, image }) => ({
    name,
    image,
    flat: traced(image, { mode: 'color' }),
    shaded: traced(image, { mode: 'color', gradients: true }),
  }));

const cases = measure(synthetic);
const realList = await realImages();
const real = measure(realList);
// The automatic mode against its flat result, the color mode's, where it reads the image as color.
const auto: Row[] = realList
  .map(({ name, image }, i) => ({ name, image, flat: real[i].flat, shaded: traced(image, {}) }))
  .filter((row) => row.shaded.color);
const autoShaded = auto.filter((r) => r.shaded.gradients > 0);
const shaded = real.filter((r) => r.shaded.gradients > 0);
const improved = [...shaded].filter((r) => !worse(r)).sort((a, b) => fewer(b) - fewer(a));
const madeWorse = real.filter(worse);
const sum = (rows: Row[], pick: (r: Row) => number) => rows.reduce((s, r) => s + pick(r), 0);
await mkdir(OUT, { recursive: true });
await sheet(improved.slice(0, 10), path.join(OUT, 'most-improved.png'));
await sheet(madeWorse, path.join(OUT, 'made-worse.png'));
await sheet(autoShaded, path.join(OUT, 'automatic.png'));

const body = [
  'Color mode with `gradients: true` against flat color (`npm run bench:gradients`): the artwork’s shapes (subpaths), the SVG’s bytes, MAE at 1x against the input on white, and trace time (one run, decode excluded). Sheets in `bench/out/gradients`: `most-improved.png` (the ten that lose most shapes without a worse MAE) and `made-worse.png` (MAE up more than 0.5, or more shapes); each row input, flat, gradients.',
  '',
  '### Synthetic cases',
  '',
  ...table(cases),
  '',
  `### Real set (${real.length} images)`,
  '',
  `- gradients found in ${shaded.length} images; ${shaded.filter((r) => fewer(r) >= FEWER && r.shaded.mae <= r.flat.mae).length} of them lose at least ${100 * FEWER}% of their shapes at equal or lower MAE`,
  `- made worse (MAE up more than ${WORSE_MAE}, or more shapes): ${madeWorse.length}${madeWorse.length > 0 ? ` (${madeWorse.map((r) => r.name).join(', ')})` : ''}`,
  `- shapes ${sum(real, (r) => r.flat.shapes)} / ${sum(real, (r) => r.shaded.shapes)}, bytes ${sum(real, (r) => r.flat.bytes)} / ${sum(real, (r) => r.shaded.bytes)}, mean MAE ${(sum(real, (r) => r.flat.mae) / real.length).toFixed(2)} / ${(sum(real, (r) => r.shaded.mae) / real.length).toFixed(2)}, time ${(sum(real, (r) => r.flat.ms) / 1000).toFixed(1)} s / ${(sum(real, (r) => r.shaded.ms) / 1000).toFixed(1)} s (flat / gradients)`,
  '',
  'Every real image where gradients were found:',
  '',
  ...table(shaded),
  '',
  '### The automatic mode',
  '',
  `Default settings, which use gradients where they are as close to the picture as the flat bands and the result comes out smaller, against the flat result (the color mode's, which the automatic mode gives otherwise) on the ${auto.length} real images read as color:`,
  '',
  `- gradients taken in ${autoShaded.length} images; MAE up in ${auto.filter((r) => r.shaded.mae > r.flat.mae + 0.005).length}, shapes up in ${auto.filter((r) => r.shaded.shapes > r.flat.shapes).length}`,
  `- shapes ${sum(auto, (r) => r.flat.shapes)} / ${sum(auto, (r) => r.shaded.shapes)}, bytes ${sum(auto, (r) => r.flat.bytes)} / ${sum(auto, (r) => r.shaded.bytes)}, mean MAE ${(sum(auto, (r) => r.flat.mae) / auto.length).toFixed(2)} / ${(sum(auto, (r) => r.shaded.mae) / auto.length).toFixed(2)}, time ${(sum(auto, (r) => r.flat.ms) / 1000).toFixed(1)} s / ${(sum(auto, (r) => r.shaded.ms) / 1000).toFixed(1)} s (flat / automatic; its time includes the reading)`,
  '',
  'Every image where the automatic mode took gradients (sheet `automatic.png`: input, flat, automatic):',
  '',
  ...table(autoShaded),
].join('\n');
const results = path.join(here, 'RESULTS.md');
await writeSection(results, GRADIENTS_SECTION, body);
console.log(body);
