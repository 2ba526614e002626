import { TraceError } from '../errors.js';

/**
 * Fixed-point coordinates for the text exporters. A coordinate becomes an integer count of
 * 10^-precision units once, and every offset is a difference of such integers: relative paths then
 * land exactly on the rounded absolute points, however many segments they chain.
 */
export interface Fixed {
  precision: number;
  scale: number;
}

/** Checks a decimals option and returns its fixed-point scale. */
export function fixed(precision: number, format: string): Fixed {
  // Past 8 decimals, coordinates of large images times the scale leave the exact integer range.
  if (!Number.isInteger(precision) || precision < 0 || precision > 8) {
    throw new TraceError('invalid-settings', `The ${format} precision must be a whole number from 0 to 8`);
  }
  return { precision, scale: 10 ** precision };
}

/**
 * A value in whole units of 10^-precision. Every number the text exporters write passes here:
 * one that is not finite, or past the exact integer range, is refused (a `TraceError`), so no
 * file is ever written with `Infinity`, `NaN` or a rounded-away coordinate in it.
 */
export function toUnits(value: number, f: Fixed): number {
  return exactUnits(Math.round(value * f.scale));
}

/** Units that are an exact integer, or the reason they cannot be written. */
export function exactUnits(units: number): number {
  if (!Number.isSafeInteger(units)) throw notWritable(units);
  return units;
}

/** Why a number cannot be written: the output asked for is too large to write exactly. */
export function notWritable(value: number): TraceError {
  return new TraceError(
    'invalid-settings',
    `A coordinate of the output would be ${value}, too large to write exactly: ask for a smaller output size`,
  );
}

/**
 * Units split as they are written: the whole part, and the fraction's digits without their
 * trailing zeros with the decimal places they fill (0 when there is no fraction): 1250 of 100
 * is 12 and 5 in 1 place, 5 of 100 is 0 and 5 in 2 places.
 */
export interface UnitsParts {
  whole: number;
  fraction: number;
  places: number;
}

export function unitsParts(units: number, f: Fixed): UnitsParts {
  const size = Math.abs(units);
  const whole = Math.floor(size / f.scale);
  let fraction = size - whole * f.scale;
  let places = fraction > 0 ? f.precision : 0;
  while (fraction > 0 && fraction % 10 === 0) {
    fraction /= 10;
    places--;
  }
  return { whole, fraction, places };
}

/** Units as the shortest decimal: `50` -> `.5`, `-50` -> `-.5`, `1200` -> `12`, no exponent. */
export function formatUnits(units: number, f: Fixed): string {
  if (units === 0) return '0';
  const { whole, fraction, places } = unitsParts(units, f);
  let digits = whole === 0 ? '' : String(whole);
  if (places > 0) digits += `.${String(fraction).padStart(places, '0')}`;
  return units < 0 ? `-${digits}` : digits;
}

/** A 0-255 channel as a 0-1 fraction with 3 decimals, enough to land back on the same byte. */
export function formatChannel(value: number): string {
  return formatUnits(Math.round((value / 255) * 1000), { precision: 3, scale: 1000 });
}

/** A color as PDF and PostScript take it: three 0-1 fractions (see formatChannel). */
export function formatRgb({ r, g, b }: { r: number; g: number; b: number }): string {
  return `${formatChannel(r)} ${formatChannel(g)} ${formatChannel(b)}`;
}
