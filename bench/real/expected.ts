import type { Reading } from '@vectrace/tracer';
import type { RealCategory } from './fetch.js';

/** The kinds the automatic mode can read an image as, in the order the reading table lists them. */
export const READING_KINDS = [
  'pixel-art',
  'page',
  'ink',
  'color',
  'shades',
  'light-art',
  'light-lines',
] as const;

/**
 * Share of the picture lost (lost-color share of the default result) beyond which the result is
 * wiped: the user sees a different picture, or none, whatever the reading was called.
 */
export const WIPED = 0.3;

/** What the automatic mode should read an image of a kind as, where one reading is clearly right. */
export interface Expectation {
  kinds: readonly Reading['kind'][];
  /** How the table says it. */
  label: string;
}

const everyKind: Reading['kind'][] = [...READING_KINDS];
/** A picture that is not paper: read against a page's paper, its dark ground or its shading goes. */
const notPage: Expectation = { kinds: everyKind.filter((k) => k !== 'page'), label: 'not page' };
const color: Expectation = { kinds: ['color'], label: 'color' };

/**
 * Kinds without an entry (png16, palette) hold images of several natures: only their losses count.
 * Line art and one-ink logos are ink; documents are pages; what has colors is read in color.
 */
export const EXPECTED: Partial<Record<RealCategory, Expectation>> = {
  document: { kinds: ['page'], label: 'page' },
  'large-page': { kinds: ['page'], label: 'page' },
  screenshot: notPage,
  'line-art': { kinds: ['ink'], label: 'ink' },
  'bw-logo-small': { kinds: ['ink'], label: 'ink' },
  'bw-logo-large': { kinds: ['ink'], label: 'ink' },
  'color-logo-alpha': color,
  'light-logo-alpha': { kinds: ['light-art', 'color'], label: 'light-art or color' },
  'jpeg-logo': color,
  'flat-illustration': color,
  'shaded-illustration': { kinds: ['color', 'shades'], label: 'color or shades' },
  'pixel-art': { kinds: ['pixel-art'], label: 'pixel-art' },
  photo: notPage,
  'dark-ground': notPage,
  'gray-photo': notPage,
  chart: notPage,
  'light-lines-on-dark': notPage,
  sticker: color,
  diagram: notPage,
  icon: notPage,
  sprite: notPage,
};

/** Whether the default result of an image is wrong: an unexpected reading, or the picture wiped. */
export function isWrong(category: RealCategory, kind: Reading['kind'], lost: number): boolean {
  const expected = EXPECTED[category];
  return lost > WIPED || (expected !== undefined && !expected.kinds.includes(kind));
}
