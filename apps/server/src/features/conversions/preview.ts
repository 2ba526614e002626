import { renderAsync } from '@resvg/resvg-js';

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

/**
 * The traced result as a PNG, PREVIEW_SIZE on its longest side, on white; with a watermark until
 * the conversion is paid, so that the preview never gives the artwork away. Rendered off the
 * event loop (resvg's async render runs on the libuv thread pool).
 */
export async function renderPreview(svg: string, withWatermark: boolean): Promise<Buffer> {
  const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  const width = Number(box?.[1] ?? PREVIEW_SIZE);
  const height = Number(box?.[2] ?? PREVIEW_SIZE);
  const marked = withWatermark ? svg.replace(/<\/svg>\s*$/, `${watermark(width, height)}</svg>`) : svg;
  // At least one pixel each way: a 10000 x 1 image previews as 1024 x 1, not as nothing.
  const scale = PREVIEW_SIZE / Math.max(width, height);
  const outWidth = Math.max(1, Math.round(width * scale));
  const outHeight = Math.max(1, Math.round(height * scale));
  const framed = marked.replace(
    /<svg\b[^>]*>/,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${outWidth}" height="${outHeight}" viewBox="0 0 ${width} ${height}" preserveAspectRatio="none">`,
  );
  const rendered = await renderAsync(framed, { background: '#ffffff' });
  return rendered.asPng();
}
