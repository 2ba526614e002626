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

/** A value in whole units of 10^-precision. */
export function toUnits(value: number, f: Fixed): number {
  return Math.round(value * f.scale);
}

/** Units as the shortest decimal: `50` -> `.5`, `-50` -> `-.5`, `1200` -> `12`, no exponent. */
export function formatUnits(units: number, f: Fixed): string {
  if (units === 0) return '0';
  let digits = String(Math.abs(units));
  if (f.precision > 0) {
    digits = digits.padStart(f.precision + 1, '0');
    const whole = digits.slice(0, -f.precision);
    const fraction = digits.slice(-f.precision).replace(/0+$/, '');
    digits = (whole === '0' ? '' : whole) + (fraction ? `.${fraction}` : '');
  }
  return units < 0 ? `-${digits}` : digits;
}

/** A 0-255 channel as a 0-1 fraction with 3 decimals, enough to land back on the same byte. */
export function formatChannel(value: number): string {
  return formatUnits(Math.round((value / 255) * 1000), { precision: 3, scale: 1000 });
}
