import { MAX_PNG_SIDE } from '@vectrace/contract';

// The longest side a PNG may have is one of the contract's download limits.
export { MAX_PNG_SIDE };

/** PNG export widths (spec section 9, now widths rather than squares); 1024 is the default. */
export const pngResolutions = [
  { size: 512, label: 'Web' },
  { size: 1024, label: 'HD' },
  { size: 2048, label: 'Print' },
  { size: 4096, label: 'Ultra HD' },
] as const;
export const defaultPngResolution = 1024;

/** The PNG's background: white (the spec's default) or transparent. */
export type PngBackground = 'white' | 'transparent';

/**
 * The SVG without its background rectangle: the traced picture's own background, a `<rect>` as
 * large as the frame before any path. A transparent export shows what lies beneath it instead.
 */
export function withoutBackground(svg: string): string {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const first = doc.documentElement.firstElementChild;
  const { width, height } = intrinsicSize(svg);
  const spans = (name: string, size: number) => Number.parseFloat(first?.getAttribute(name) ?? '') >= size;
  if (first?.localName === 'rect' && !first.getAttribute('x') && !first.getAttribute('y')) {
    if (spans('width', width) && spans('height', height)) first.remove();
  }
  return new XMLSerializer().serializeToString(doc);
}

/**
 * The PNG's pixel size for a chosen width: the height follows the picture's own proportions, and
 * a picture taller than wide is scaled down until its height fits too.
 */
export function pngSizeFor(width: number, picture: { width: number; height: number }) {
  const ratio = picture.height / picture.width;
  const wide = Math.max(1, Math.round(Math.min(width, MAX_PNG_SIDE)));
  const high = Math.max(1, Math.round(wide * ratio));
  if (high <= MAX_PNG_SIDE) return { width: wide, height: high };
  return { width: Math.max(1, Math.round(MAX_PNG_SIDE / ratio)), height: MAX_PNG_SIDE };
}

/** Why a typed PNG width cannot be used, or null when it can. */
export function pngWidthProblem(typed: string): string | null {
  const width = Number(typed);
  if (typed.trim() === '' || !Number.isInteger(width) || width < 1 || width > MAX_PNG_SIDE) {
    return `Width must be a whole number of pixels from 1 to ${MAX_PNG_SIDE}`;
  }
  return null;
}

// An SVG's own size: width/height attributes, else its viewBox, else a square.
function intrinsicSize(svg: string): { width: number; height: number } {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = doc.documentElement;
  const width = Number.parseFloat(root.getAttribute('width') ?? '');
  const height = Number.parseFloat(root.getAttribute('height') ?? '');
  if (width > 0 && height > 0) return { width, height };
  const box = (root.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number);
  if (box.length === 4 && box[2] > 0 && box[3] > 0) return { width: box[2], height: box[3] };
  return { width: 1, height: 1 };
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('Failed to load SVG image'));
    image.src = src;
  });
}

/**
 * Draws the SVG at a width, the height following its proportions, on white or transparent (then
 * without the picture's own background); a PNG at full quality, with its pixel size.
 */
export async function svgToPng(
  svg: string,
  width: number,
  background: PngBackground = 'white',
): Promise<{ png: Blob; width: number; height: number }> {
  const size = pngSizeFor(width, intrinsicSize(svg));
  const source = background === 'transparent' ? withoutBackground(svg) : svg;
  const url = URL.createObjectURL(new Blob([source], { type: 'image/svg+xml' }));
  try {
    const image = await loadImage(url);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas context not available');
    if (background === 'white') {
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, size.width, size.height);
    }
    context.drawImage(image, 0, 0, size.width, size.height);
    const png = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('Failed to convert canvas to blob'))),
        'image/png',
        1,
      ),
    );
    return { png, ...size };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Saves a blob under a file name, as a link download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
