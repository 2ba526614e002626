import { TraceError } from '../errors.js';
import { scaleLayers } from '../geometry/scale.js';
import type { VectorImage } from '../model.js';
import { perInch, type Unit } from '../settings/units.js';
import { fixed, formatUnits, toUnits } from './fixed.js';

/** The units an output size can be given in: CSS pixels (96 to the inch), millimetres, inches. */
export type SizeUnit = Unit;

/** The output's width in a unit; the height follows the image's own aspect ratio. */
export interface OutputSize {
  width: number;
  unit: SizeUnit;
}

/** The smallest output width, per unit: a pixel, a millimetre (about 0.04 in); below, no page. */
export const smallestOutputWidth: Record<SizeUnit, number> = { px: 1, mm: 1, in: 0.04 };

/** Checks a size and returns how many of its units one image pixel becomes. */
export function unitsPerPixel(model: VectorImage, size: OutputSize): number {
  if (!(size.width > 0 && Number.isFinite(size.width)) || !(size.unit in perInch)) {
    throw new TraceError('invalid-settings', 'The output width must be a positive number of px, mm or in');
  }
  if (size.width < smallestOutputWidth[size.unit]) {
    throw new TraceError(
      'invalid-settings',
      `The output width must be at least ${smallestOutputWidth[size.unit]} ${size.unit}`,
    );
  }
  return size.width / model.width;
}

/** Points (1/72 inch) per image pixel: one without a size, as PDF and EPS have always been written. */
export function pointsPerPixel(model: VectorImage, size: OutputSize | undefined): number {
  if (!size) return 1;
  return (unitsPerPixel(model, size) / perInch[size.unit]) * 72;
}

/** The model with every coordinate, its frame, its page's margin and its strokes multiplied by `factor`. */
export function scaleModel(model: VectorImage, factor: number): VectorImage {
  return {
    ...model,
    width: model.width * factor,
    height: model.height * factor,
    ...(model.margin ? { margin: model.margin * factor } : {}),
    layers: scaleLayers(model.layers, factor),
  };
}

/**
 * The page the model is drawn on, in image pixels: the image, grown by its margin on every side
 * when a cut contour runs outside it. A size asked for is the image's, so the page at that size is
 * larger by the margin: a 100 mm sticker stays 100 mm, its cut line around it.
 */
export function pageOf(model: VectorImage): { margin: number; width: number; height: number } {
  const margin = model.margin ?? 0;
  return { margin, width: model.width + 2 * margin, height: model.height + 2 * margin };
}

const eightDecimals = fixed(8, 'size');

/** A scale factor or physical length as the shortest decimal, to 8 places. */
export const formatLength = (value: number) => formatUnits(toUnits(value, eightDecimals), eightDecimals);
