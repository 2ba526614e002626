import { Resvg } from '@resvg/resvg-js';

/** Longest side of a preview, in pixels. */
export const PREVIEW_SIZE = 1024;

// "PREVIEW" drawn as strokes on a 4 x 6 grid per letter, so that no font needs to be installed.
const letters: Record<string, string> = {
  P: 'M0 6V0H3L4 1V2L3 3H0',
  R: 'M0 6V0H3L4 1V2L3 3H0M2 3L4 6',
  E: 'M4 0H0V6H4M0 3H3',
  V: 'M0 0L2 6L4 0',
  I: 'M2 0V6M1 0H3M1 6H3',
  W: 'M0 0L1 6L2 2L3 6L4 0',
};
/** The word PREVIEW as one path, 6 units high, for watermarks. */
export const previewWord = [...'PREVIEW'].map((letter, i) => shift(letters[letter], i * 6)).join('');

function shift(path: string, dx: number): string {
  // Move every absolute x by dx; H takes x, V takes y, M and L take "x y".
  return path.replace(/([MLHV])([\d.]+)(?: ([\d.]+))?/g, (_, cmd: string, a: string, b?: string) => {
    if (cmd === 'V') return `V${a}`;
    if (cmd === 'H') return `H${Number(a) + dx}`;
    return `${cmd}${Number(a) + dx} ${b}`;
  });
}

/** A repeating diagonal "PREVIEW" over the whole picture, dark with a light halo to show on any color. */
function watermark(width: number, height: number): string {
  const unit = Math.max(width, height) / 160; // letters ~6 units high: about 4% of the picture
  const tileW = 52 * unit;
  const tileH = 22 * unit;
  const letterPath = `<path d="${previewWord}" transform="scale(${unit})" fill="none" stroke-linecap="round" stroke-linejoin="round"`;
  return [
    `<defs><pattern id="vectrace-watermark" patternUnits="userSpaceOnUse" width="${tileW}" height="${tileH}" patternTransform="rotate(-30)">`,
    `${letterPath} stroke="#fff" stroke-opacity="0.55" stroke-width="2.2"/>`,
    `${letterPath} stroke="#333" stroke-opacity="0.5" stroke-width="0.9"/>`,
    '</pattern></defs>',
    `<rect width="${width}" height="${height}" fill="url(#vectrace-watermark)"/>`,
  ].join('');
}

/** Results larger than this are drawn without anti-aliasing, which halves the memory it takes. */
export const LARGE_RESULT_BYTES = 4 * 1024 * 1024;

/**
 * The traced result as a PNG, PREVIEW_SIZE on its longest side, its transparency kept (the viewer
 * shows it on the ground the user picks); with a watermark until the conversion is paid, so that
 * the preview never gives the artwork away. Runs in a preview
 * thread (file-task.ts). A large result is drawn from its own bytes, never copied or made a
 * string, then the watermark over that picture: a 33 MB result peaks at about 270 MB.
 */
export function renderPreview(svg: Buffer, withWatermark: boolean): Uint8Array {
  const { width, height, outWidth, outHeight } = measure(svg);
  const thin = Math.min(width, height) * (PREVIEW_SIZE / Math.max(width, height)) < 1;
  if (svg.length <= LARGE_RESULT_BYTES || thin)
    return draw(previewSvg(svg, withWatermark), 'geometricPrecision');
  const fitTo = { mode: width >= height ? 'width' : 'height', value: PREVIEW_SIZE } as const;
  const picture = new Resvg(svg, { fitTo, shapeRendering: 0 }).render();
  if (!withWatermark) return picture.asPng();
  const over = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${outWidth}" height="${outHeight}" viewBox="0 0 ${width} ${height}" preserveAspectRatio="none">`,
    `<image href="data:image/png;base64,${picture.asPng().toString('base64')}" width="${width}" height="${height}" preserveAspectRatio="none"/>`,
    `${watermark(width, height)}</svg>`,
  ].join('');
  return draw(Buffer.from(over), 'geometricPrecision');
}

const shapeRenderings = { crispEdges: 1, geometricPrecision: 2 } as const;
function draw(svg: Buffer, shapes: keyof typeof shapeRenderings): Uint8Array {
  return new Resvg(svg, { shapeRendering: shapeRenderings[shapes] }).render().asPng();
}

/** The result's own size (its viewBox) and the preview's, PREVIEW_SIZE on the longest side. */
function measure(svg: Buffer) {
  const open = /<svg\b[^>]*>/.exec(svg.subarray(0, 4096).toString('latin1'));
  const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(open?.[0] ?? '');
  const width = Number(box?.[1] ?? PREVIEW_SIZE);
  const height = Number(box?.[2] ?? PREVIEW_SIZE);
  // At least one pixel each way: a 10000 x 1 image previews as 1024 x 1, not as nothing.
  const scale = PREVIEW_SIZE / Math.max(width, height);
  const outWidth = Math.max(1, Math.round(width * scale));
  const outHeight = Math.max(1, Math.round(height * scale));
  return { width, height, outWidth, outHeight, open };
}

/** The result framed to draw PREVIEW_SIZE on its longest side, with the watermark if asked. */
function previewSvg(svg: Buffer, withWatermark: boolean): Buffer {
  const { width, height, outWidth, outHeight, open } = measure(svg);
  const start = open ? open.index + open[0].length : 0;
  const close = svg.lastIndexOf('</svg>');
  return Buffer.concat([
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${outWidth}" height="${outHeight}" viewBox="0 0 ${width} ${height}" preserveAspectRatio="none">`,
    ),
    svg.subarray(start, close > start ? close : svg.length),
    Buffer.from(`${withWatermark ? watermark(width, height) : ''}</svg>`),
  ]);
}
