import { Resvg } from '@resvg/resvg-js';
import type { Point } from '@vectrace/tracer';
import { z } from 'zod';
import { pathNodes } from './path-nodes.js';
import { withWatermark } from './watermark.js';

/** Longest side of one rendered region, in pixels. */
export const MAX_REGION_SIDE = 2048;
/** Output pixels per unit of the result, at most: 800 % on a screen of pixel ratio 2. */
export const MAX_SCALE = 16;
/** Nodes drawn in the outline view of one region, at most. */
const MAX_NODES = 20_000;

const coordinate = z.coerce.number().finite();
/** `GET /api/preview/{id}?x&y&w&h&scale&view`: a region of the result, in its own units. */
export const regionSchema = z
  .object({
    x: coordinate,
    y: coordinate,
    w: coordinate.positive('w must be more than 0'),
    h: coordinate.positive('h must be more than 0'),
    scale: coordinate
      .positive('scale must be more than 0')
      .max(MAX_SCALE, `scale must be at most ${MAX_SCALE} (800 % at a pixel ratio of 2)`),
    view: z.enum(['fill', 'outline'], { error: 'view must be fill or outline' }).default('fill'),
  })
  .refine((r) => Math.ceil(r.w * r.scale) <= MAX_REGION_SIDE && Math.ceil(r.h * r.scale) <= MAX_REGION_SIDE, {
    message: `A region renders at most ${MAX_REGION_SIDE} × ${MAX_REGION_SIDE} pixels: ask for a smaller region or scale.`,
  });
export type Region = z.infer<typeof regionSchema>;

/** The preview's query: none, for the whole result (null), or a region, refused as regionSchema words it. */
export const previewQuerySchema = z.record(z.string(), z.unknown()).transform((query, ctx): Region | null => {
  if (query.x === undefined) return null;
  const region = regionSchema.safeParse(query);
  if (region.success) return region.data;
  for (const { message, path } of region.error.issues) ctx.addIssue({ code: 'custom', message, path });
  return z.NEVER;
});

/**
 * Every path as a thin line, with its nodes as dots (those inside the region). A cut-out's gap
 * filler is left out: it runs along seams the shapes already draw.
 */
function outlined(body: string, r: Region): string {
  const stroke = 1.2 / r.scale;
  const radius = 3 / r.scale;
  const dots: string[] = [];
  const lines = body
    .replace(/<rect\b[^>]*\/>/g, '')
    .replace(/<path\b([^>]*?)\/?>/g, (_, attributes: string) => {
      if (attributes.includes('class="gap-filler"')) return '';
      const d = /\bd="([^"]*)"/.exec(attributes)?.[1] ?? '';
      for (const [x, y] of pathNodes(d)) {
        if (dots.length < MAX_NODES && x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h) {
          dots.push(`<circle cx="${x}" cy="${y}" r="${radius}"/>`);
        }
      }
      return `<path d="${d}" fill="none" stroke="#1d4ed8" stroke-width="${stroke}" stroke-linejoin="round"/>`;
    });
  return `${lines}<g fill="#f97316" stroke="#fff" stroke-width="${stroke / 2}">${dots.join('')}</g>`;
}

/**
 * A region of the traced result as a PNG, `scale` pixels per unit; with the watermark fixed at
 * `watermark` unless that is null, as it is once paid.
 */
export async function renderRegion(
  svg: string,
  region: Region,
  watermark: Point | null,
): Promise<Uint8Array> {
  const open = /<svg\b[^>]*>/.exec(svg);
  const close = svg.lastIndexOf('</svg>');
  const inner = open && close > 0 ? svg.slice(open.index + open[0].length, close) : '';
  const body = region.view === 'outline' ? outlined(inner, region) : inner;
  const width = Math.max(1, Math.ceil(region.w * region.scale));
  const height = Math.max(1, Math.ceil(region.h * region.scale));
  const frame = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${region.x} ${region.y} ${region.w} ${region.h}">`;
  const picture = new Resvg(`${frame}${body}</svg>`).render();
  return watermark === null ? picture.asPng() : withWatermark(picture, frame, region, watermark);
}
