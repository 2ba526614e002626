import type { SettingRow } from './table.js';
import { settingTakes } from './validate.js';
import { type CutContour, MAX_OFFSET_PIXELS, offsetPixels, type TraceSettings } from './values.js';

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

/**
 * A setting typed as text (a command line's flag, a form field, a query parameter) as the value
 * the engine takes, or undefined when the text is none the row takes (see `settingRule`).
 */
export function readSetting<K extends keyof TraceSettings>(
  row: SettingRow<K>,
  text: string,
): TraceSettings[K] | undefined {
  const value = typedValue(row, text.trim());
  return value !== undefined && settingTakes(row, value) ? (value as TraceSettings[K]) : undefined;
}

function typedValue(row: SettingRow, text: string): unknown {
  const number = () => (text === '' ? undefined : Number(text));
  switch (row.kind) {
    case 'percent':
      return number();
    case 'choice':
      return text;
    case 'colors':
      return text === 'auto' ? text : /^\d+$/.test(text) ? Number(text) : undefined;
    case 'width':
      return text === 'auto' ? text : number();
    case 'palette':
      return readPalette(text);
    case 'offset':
      return readCutContour(text);
    case 'flag':
      return text === 'true' ? true : text === 'false' ? false : undefined;
  }
}
