import { TraceError } from '../errors.js';
import { choiceValues, type SettingRow, settingConflicts, settingRows, settingRule } from './table.js';
import {
  MAX_COLORS,
  MAX_OFFSET_PIXELS,
  MAX_PALETTE,
  offsetPixels,
  offsetUnits,
  type TraceSettings,
} from './values.js';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** Whether a value is one the row takes (see `settingRule` for what that is). */
export function settingTakes(row: SettingRow, v: unknown): boolean {
  switch (row.kind) {
    case 'percent':
      return typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 100;
    case 'choice':
      return typeof v === 'string' && choiceValues(row).includes(v);
    case 'colors':
      return v === 'auto' || (Number.isInteger(v) && (v as number) >= 2 && (v as number) <= MAX_COLORS);
    case 'width':
      return v === 'auto' || (typeof v === 'number' && v >= 1 && v <= 100);
    case 'palette':
      return (
        Array.isArray(v) && v.length <= MAX_PALETTE && v.every((c) => typeof c === 'string' && HEX.test(c))
      );
    case 'offset':
      return (
        v === null ||
        (typeof v === 'object' &&
          (offsetUnits as readonly unknown[]).includes((v as { unit: unknown }).unit) &&
          (v as { offset: number }).offset >= 0 &&
          offsetPixels(v as { offset: number; unit: 'px' }) <= MAX_OFFSET_PIXELS)
      );
    case 'flag':
      return typeof v === 'boolean';
  }
}

/** Checks every setting's range, so a bad value is refused with its name rather than traced. */
export function validSettings(s: TraceSettings): TraceSettings {
  for (const row of settingRows) {
    if (!settingTakes(row, s[row.name])) {
      throw new TraceError('invalid-settings', `${row.name} must be ${settingRule(row)}`);
    }
  }
  const clash = settingConflicts.find(({ conflict }) => conflict(s));
  if (clash) throw new TraceError('invalid-settings', clash.message);
  return s;
}
