import { Resvg } from '@resvg/resvg-js';
import type { Point } from '@vectrace/tracer';
import { resultPage } from './result-page.js';
import { withWatermark } from './watermark.js';

/** Longest side of a preview, in pixels. */
export const PREVIEW_SIZE = 1024;

/** Results larger than this are drawn without anti-aliasing, which halves the memory it takes. */
export const LARGE_RESULT_BYTES = 4 * 1024 * 1024;

/**
 * The traced result as a PNG, PREVIEW_SIZE on its longest side, its transparency kept (the viewer
 * shows it on the ground the user picks); with the watermark fixed at `watermark` until it is
 * paid (null), so that the preview never gives the artwork away. Runs
 * in a preview thread (file-task.ts). A large result is drawn from its own bytes, never copied or
 * made a string, then the watermark over that picture: a 33 MB result peaks at about 270 MB.
 */
export async function renderPreview(svg: Buffer, watermark: Point | null): Promise<Uint8Array> {
  const { width, height, margin, outWidth, outHeight } = measure(svg);
  const frame = (w: number, h: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${width} ${height}" preserveAspectRatio="none">`;
  const thin = Math.min(width, height) * (PREVIEW_SIZE / Math.max(width, height)) < 1;
  const fitTo = { mode: width >= height ? 'width' : 'height', value: PREVIEW_SIZE } as const;
  // A page grown round a cut contour is framed too: the viewer lays the preview over the original.
  const picture =
    svg.length <= LARGE_RESULT_BYTES || thin || margin > 0
      ? new Resvg(framed(svg, frame(outWidth, outHeight)), { shapeRendering: 2 }).render()
      : new Resvg(svg, { fitTo, shapeRendering: 0 }).render();
  if (watermark === null) return picture.asPng();
  const area = { x: 0, y: 0, w: width, h: height, scale: PREVIEW_SIZE / Math.max(width, height) };
  return withWatermark(picture, frame(picture.width, picture.height), area, watermark);
}

/**
 * The result's image size (its viewBox, less the margin of a page grown round a cut contour) and
 * the preview's, PREVIEW_SIZE on the longest side.
 */
function measure(svg: Buffer) {
  const page = resultPage(svg.subarray(0, 4096).toString('latin1'));
  const width = page?.width ?? PREVIEW_SIZE;
  const height = page?.height ?? PREVIEW_SIZE;
  const margin = page?.margin ?? 0;
  // At least one pixel each way: a 10000 x 1 image previews as 1024 x 1, not as nothing.
  const scale = PREVIEW_SIZE / Math.max(width, height);
  const outWidth = Math.max(1, Math.round(width * scale));
  const outHeight = Math.max(1, Math.round(height * scale));
  return { width, height, margin, outWidth, outHeight };
}

/** The result's content in `frame`, which draws it PREVIEW_SIZE on its longest side. */
function framed(svg: Buffer, frame: string): Buffer {
  const open = /<svg\b[^>]*>/.exec(svg.subarray(0, 4096).toString('latin1'));
  const start = open ? open.index + open[0].length : 0;
  const close = svg.lastIndexOf('</svg>');
  return Buffer.concat([
    Buffer.from(frame),
    svg.subarray(start, close > start ? close : svg.length),
    Buffer.from('</svg>'),
  ]);
}
