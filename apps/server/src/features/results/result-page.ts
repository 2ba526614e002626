/** A result's image and the page around it, in the result's own units (image pixels). */
export interface ResultPage {
  /** The traced image's size: the frame the viewer lays over the original. */
  width: number;
  height: number;
  /** How far the page reaches beyond the image on every side (a cut contour outside it); 0 mostly. */
  margin: number;
}

/**
 * The image and page of a result, from the viewBox its SVG opens with: "0 0 W H", or
 * "-m -m W+2m H+2m" when its cut contour runs off the image (as the engine's readSvg reads it).
 * Undefined for any other.
 */
export function resultPage(head: string): ResultPage | undefined {
  const open = /<svg\b[^>]*>/.exec(head)?.[0] ?? '';
  const box = /viewBox="(-?[\d.]+) \1 ([\d.]+) ([\d.]+)"/.exec(open);
  if (!box) return undefined;
  const margin = -Number(box[1]);
  const width = Number(box[2]) - 2 * margin;
  const height = Number(box[3]) - 2 * margin;
  return margin >= 0 && width > 0 && height > 0 ? { width, height, margin } : undefined;
}
