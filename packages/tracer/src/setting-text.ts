import { type CutContour, offsetUnits } from './settings.js';

/**
 * The settings that are typed as text in a command line, a form or a query: a cut contour's
 * offset with its unit (`2mm`, `0.1in`, `8px`, `8` for pixels), and a palette of `#rrggbb` colors
 * separated by commas. Undefined when the text is not of that form.
 */
export function readCutContour(text: string): CutContour | undefined {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(px|mm|in)?\s*$/.exec(text);
  if (!match) return undefined;
  const unit = (match[2] ?? 'px') as CutContour['unit'];
  return offsetUnits.includes(unit) ? { offset: Number(match[1]), unit } : undefined;
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
