import type { Color, Gradient, Layer } from '../model.js';
import { type Fixed, formatRgb, formatUnits, toUnits } from './fixed.js';

/** Whether a layer is painted with its gradient: filled only and opaque (others paint its color). */
export function isShaded(layer: Layer): layer is Layer & { gradient: Gradient } {
  return (
    layer.gradient !== undefined &&
    layer.fill !== false &&
    layer.stroke === undefined &&
    layer.opacity === undefined
  );
}

/**
 * A gradient as a PDF shading dictionary (PDF 1.4, 4.6.3: type 2 axial, type 3 radial), which is
 * also PostScript LanguageLevel 3's for `shfill`. Its stops are a stitching function (type 3) of
 * linear pieces (type 2), extended past both ends as SVG pads. `height` flips y: the page's y axis
 * points up.
 */
export function shadingDictionary(gradient: Gradient, height: number, f: Fixed): string {
  const n = (v: number) => formatUnits(toUnits(v, f), f);
  const coords =
    gradient.kind === 'linear'
      ? [n(gradient.x1), n(height - gradient.y1), n(gradient.x2), n(height - gradient.y2)]
      : [
          n(gradient.cx),
          n(height - gradient.cy),
          '0',
          n(gradient.cx),
          n(height - gradient.cy),
          n(gradient.r),
        ];
  const type = gradient.kind === 'linear' ? 2 : 3;
  return `<< /ShadingType ${type} /ColorSpace /DeviceRGB /Coords [${coords.join(' ')}] /Function ${stopsFunction(gradient)} /Extend [true true] >>`;
}

/** The stops as a function of t (0-1): held before the first and after the last. */
function stopsFunction({ stops }: Gradient): string {
  const points: { offset: number; color: Color }[] = [];
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (first.offset > 0) points.push({ offset: 0, color: first.color });
  for (const stop of stops)
    if (points.length === 0 || stop.offset > points[points.length - 1].offset) points.push(stop);
  if (last.offset < 1) points.push({ offset: 1, color: last.color });
  if (points.length === 1) points.push({ offset: 1, color: first.color });
  const pieces = points.slice(1).map((to, i) => piece(points[i].color, to.color));
  if (pieces.length === 1) return pieces[0];
  const bounds = points.slice(1, -1).map((p) => formatOffset(p.offset));
  const encode = pieces.map(() => '0 1').join(' ');
  return `<< /FunctionType 3 /Domain [0 1] /Functions [${pieces.join(' ')}] /Bounds [${bounds.join(' ')}] /Encode [${encode}] >>`;
}

/** A linear piece from one color to the next. */
function piece(from: Color, to: Color): string {
  return `<< /FunctionType 2 /Domain [0 1] /C0 [${formatRgb(from)}] /C1 [${formatRgb(to)}] /N 1 >>`;
}

/** A stop's offset, to 4 decimals. */
export function formatOffset(offset: number): string {
  return String(Number(offset.toFixed(4)));
}
