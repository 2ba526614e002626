import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import sharp, { type OverlayOptions } from 'sharp';
import type { Kind } from '../corpus.js';
import { type RealSource, realImageFile } from './fetch.js';
import { worstLost } from './reading-table.js';
import type { RealRun } from './runner.js';

/** Height of each panel of a sheet. */
const PANEL = 320;
/** Side of the zoomed crop's panels. */
const CROP = 320;
const BACKDROP = { r: 214, g: 226, b: 214 };

type Panel = { png: Buffer; width: number; height: number; label: string };

function label(text: string, width: number): Buffer {
  const safe = text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="18"><text x="3" y="13" font-family="sans-serif" font-size="12">${safe}</text></svg>`;
  return Buffer.from(new Resvg(svg, { background: '#ffffff' }).render().asPng());
}

/** Panels side by side, each with its label above, on a light green backdrop (shows transparency). */
async function row(panels: Panel[]): Promise<Buffer> {
  const gap = 6;
  const width = panels.reduce((s, p) => s + p.width + gap, 0);
  const height = Math.max(...panels.map((p) => p.height)) + 18;
  const composites: OverlayOptions[] = [];
  let x = 0;
  for (const p of panels) {
    composites.push({ input: label(p.label, p.width), left: x, top: 0 }, { input: p.png, left: x, top: 18 });
    x += p.width + gap;
  }
  return sharp({ create: { width, height, channels: 4, background: { ...BACKDROP, alpha: 1 } } })
    .composite(composites)
    .png()
    .toBuffer();
}

function renderSvg(svg: string, width: number): Buffer {
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng());
}

/** The crop with most lost color in vectrace's color result: a window of the input, in its pixels. */
async function cropWindow(source: RealSource, input: Buffer, svg: string | undefined) {
  const least = Math.min(source.width, source.height);
  const side = Math.min(least, Math.max(24, Math.min(200, Math.round(least / 4))));
  let best = { left: 0, top: 0, score: -1 };
  if (svg) {
    const a = await sharp(input).flatten({ background: '#fff' }).removeAlpha().raw().toBuffer();
    const b = await sharp(renderSvg(svg, source.width))
      .flatten({ background: '#fff' })
      .removeAlpha()
      .raw()
      .toBuffer();
    const step = Math.max(4, side >> 2);
    for (let top = 0; top + side <= source.height; top += step) {
      for (let left = 0; left + side <= source.width; left += step) {
        let score = 0;
        for (let y = top; y < top + side; y += 2) {
          for (let x = left; x < left + side; x += 2) {
            const i = (y * source.width + x) * 3;
            score += Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]);
          }
        }
        if (score > best.score) best = { left, top, score };
      }
    }
  }
  return { left: best.left, top: best.top, side };
}

/**
 * Writes `<out>/<id>.png` for every image: the input beside each engine's black-and-white result,
 * then beside each color result, then a crop of each at up to 4x where vectrace's color result is
 * furthest from the input.
 */
export async function writeSheets(run: RealRun, dir: string, out: string): Promise<void> {
  await mkdir(out, { recursive: true });
  for (const source of run.sources) {
    const bytes = await readFile(realImageFile(dir, source));
    const scale = Math.min(1.5, PANEL / source.height, 900 / source.width);
    const w = Math.max(1, Math.round(source.width * scale));
    const inputPanel: Panel = {
      png: await sharp(bytes).resize(w).png().toBuffer(),
      width: w,
      height: Math.round(source.height * scale),
      label: `${source.id} ${source.width}x${source.height}`,
    };
    const rows: Buffer[] = [];
    for (const mode of ['bw', 'color'] as Kind[]) {
      const panels = [inputPanel];
      for (const r of run.results.filter((x) => x.id === source.id && x.mode === mode)) {
        const png = renderSvg(r.svg, w);
        const meta = await sharp(png).metadata();
        const score =
          mode === 'bw' ? `IoU ${r.iou?.toFixed(4)}` : `lost ${((r.lost ?? 0) * 100).toFixed(2)}%`;
        panels.push({
          png,
          width: w,
          height: meta.height ?? 0,
          label: `${mode} ${r.engine}: ${score}, ${r.commands} cmds`,
        });
      }
      rows.push(await row(panels));
    }
    const color = run.results.filter((x) => x.id === source.id && x.mode === 'color');
    const crop = await cropWindow(source, bytes, color.find((r) => r.engine === 'vectrace')?.svg);
    const zoom = Math.min(4, CROP / crop.side);
    const zoomed = Math.round(crop.side * zoom);
    const region = {
      left: Math.round(crop.left * zoom),
      top: Math.round(crop.top * zoom),
      width: zoomed,
      height: zoomed,
    };
    const crops: Panel[] = [
      {
        png: await sharp(bytes)
          .extract({ left: crop.left, top: crop.top, width: crop.side, height: crop.side })
          .resize(zoomed, zoomed, { kernel: 'nearest' })
          .png()
          .toBuffer(),
        width: zoomed,
        height: zoomed,
        label: `input x${zoom.toFixed(1)} at ${crop.left},${crop.top}`,
      },
    ];
    for (const r of [
      ...run.results.filter((x) => x.id === source.id && x.mode === 'bw' && x.engine === 'vectrace'),
      ...color,
    ]) {
      const full = renderSvg(r.svg, Math.round(source.width * zoom));
      const meta = await sharp(full).metadata();
      if ((meta.height ?? 0) < region.top + region.height) continue;
      crops.push({
        png: await sharp(full).extract(region).png().toBuffer(),
        width: zoomed,
        height: zoomed,
        label: `${r.mode} ${r.engine}`,
      });
    }
    rows.push(await row(crops));
    await stack(rows, path.join(out, `${source.id}.png`));
  }
}

/** How many of the images losing most of the picture get a row in the worst sheet. */
export const WORST_COUNT = 10;

/**
 * Writes `<out>/worst-ten.png`: one row for each of the ten images whose default (automatic) result
 * loses most of the picture, worst first: the input, vectrace's default render with what it read,
 * then each peer's results.
 */
export async function writeWorstSheet(run: RealRun, dir: string, out: string): Promise<string> {
  await mkdir(out, { recursive: true });
  const rows: Buffer[] = [];
  for (const { source, auto } of worstLost(run, WORST_COUNT)) {
    const bytes = await readFile(realImageFile(dir, source));
    const scale = Math.min(1.5, 240 / source.height, 480 / source.width);
    const w = Math.max(1, Math.round(source.width * scale));
    const h = Math.round(source.height * scale);
    const panels: Panel[] = [
      {
        png: await sharp(bytes)
          .resize(w, h, { kernel: scale > 1 ? 'nearest' : 'lanczos3' })
          .png()
          .toBuffer(),
        width: w,
        height: h,
        label: `${source.id} (${source.category})`,
      },
      {
        png: renderSvg(auto.svg, w),
        width: w,
        height: h,
        label: `vectrace default: ${auto.kind}, lost ${(auto.lost * 100).toFixed(1)}%`,
      },
    ];
    for (const r of run.results.filter((x) => x.id === source.id && x.engine !== 'vectrace')) {
      const score =
        r.mode === 'bw' ? `IoU ${r.iou?.toFixed(3)}` : `lost ${((r.lost ?? 0) * 100).toFixed(1)}%`;
      panels.push({
        png: renderSvg(r.svg, w),
        width: w,
        height: h,
        label: `${r.mode} ${r.engine}: ${score}`,
      });
    }
    rows.push(await row(panels));
  }
  const file = path.join(out, 'worst-ten.png');
  if (rows.length > 0) await stack(rows, file);
  return file;
}

/** Writes rows of panels (PNGs) one under the other, 8 px apart, on white, to `file`. */
async function stack(rows: Buffer[], file: string): Promise<void> {
  const metas = await Promise.all(rows.map((r) => sharp(r).metadata()));
  const width = Math.max(...metas.map((m) => m.width ?? 0));
  const height = metas.reduce((s, m) => s + (m.height ?? 0) + 8, 0);
  let top = 0;
  const composites = rows.map((input, k) => {
    const c = { input, left: 0, top };
    top += (metas[k].height ?? 0) + 8;
    return c;
  });
  await sharp({ create: { width, height, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } })
    .composite(composites)
    .png()
    .toFile(file);
}
