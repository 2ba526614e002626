import { type CutContour, MAX_OFFSET_PIXELS, offsetPixels } from './settings.js';

/**
 * The settings that are typed as text in a command line, a form or a query: a cut contour's
 * offset with its unit (`2mm`, `0.1in`, `8px`, `8` for pixels), and a palette of `#rrggbb` colors
 * separated by commas. Undefined when the text is not of that form, or the offset is over the
 * 50 mm the engine takes.
 */
export function readCutContour(text: string): CutContour | undefined {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(px|mm|in)?\s*$/.exec(text);
  if (!match) return undefined;
  const cut: CutContour = { offset: Number(match[1]), unit: (match[2] ?? 'px') as CutContour['unit'] };
  return offsetPixels(cut) <= MAX_OFFSET_PIXELS ? cut : undefined;
}

/** `#000000,#ff0000` as a list; an empty text is no palette. */
export function readPalette(text: string): string[] | undefined {
  const colors = text
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '')
    .map((c) => (c.startsWith('#') ? c : `#${c}`).toLowerCase());
  return colors.every((c) => /^#[0-9a-f]{6}$/.test(c)) ? colors : undefined;
}
