import { TraceError } from './errors.js';
import {
  backgrounds,
  cornerDetections,
  drawStyles,
  groupings,
  layerings,
  MAX_COLORS,
  MAX_OFFSET_PIXELS,
  offsetPixels,
  offsetUnits,
  qualities,
  readAs,
  svgVersions,
  type TraceSettings,
  traceModes,
  traceTargets,
} from './settings.js';

const isOneOf = (values: readonly string[], value: unknown) =>
  typeof value === 'string' && values.includes(value);

const HEX = /^#[0-9a-fA-F]{6}$/;

function oneOf(name: string, values: readonly string[], value: unknown): void {
  if (!isOneOf(values, value))
    throw new TraceError('invalid-settings', `${name} must be one of ${values.join(', ')}`);
}

/** Checks every setting's range, so a bad value is refused with its name rather than traced. */
export function validSettings(s: TraceSettings): TraceSettings {
  const percent = (name: 'smoothness' | 'threshold') => {
    const v = s[name];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 100) {
      throw new TraceError('invalid-settings', `${name} must be a number from 0 to 100`);
    }
  };
  percent('smoothness');
  percent('threshold');
  if (!isOneOf(cornerDetections, s.cornerDetection)) {
    throw new TraceError('invalid-settings', `cornerDetection must be one of ${cornerDetections.join(', ')}`);
  }
  if (!isOneOf(qualities, s.quality)) {
    throw new TraceError('invalid-settings', `quality must be one of ${qualities.join(', ')}`);
  }
  if (!isOneOf(traceModes, s.mode)) {
    throw new TraceError('invalid-settings', `mode must be one of ${traceModes.join(', ')}`);
  }
  if (!isOneOf(readAs, s.read)) {
    throw new TraceError('invalid-settings', `read must be one of ${readAs.join(', ')}`);
  }
  if (s.colors !== 'auto' && !(Number.isInteger(s.colors) && s.colors >= 2 && s.colors <= MAX_COLORS)) {
    throw new TraceError(
      'invalid-settings',
      `colors must be a whole number from 2 to ${MAX_COLORS}, or auto`,
    );
  }
  oneOf('background', backgrounds, s.background);
  oneOf('layering', layerings, s.layering);
  oneOf('trace', traceTargets, s.trace);
  if (
    s.strokeWidth !== 'auto' &&
    !(typeof s.strokeWidth === 'number' && s.strokeWidth >= 1 && s.strokeWidth <= 100)
  ) {
    throw new TraceError('invalid-settings', 'strokeWidth must be a number of pixels from 1 to 100, or auto');
  }
  if (!Array.isArray(s.palette) || s.palette.length > 32 || !s.palette.every((c) => HEX.test(c))) {
    throw new TraceError('invalid-settings', 'palette must be a list of at most 32 colors written #rrggbb');
  }
  if (typeof s.shapes !== 'boolean') throw new TraceError('invalid-settings', 'shapes must be true or false');
  if (typeof s.invert !== 'boolean') throw new TraceError('invalid-settings', 'invert must be true or false');
  oneOf('drawStyle', drawStyles, s.drawStyle);
  oneOf('groupBy', groupings, s.groupBy);
  oneOf('svgVersion', svgVersions, s.svgVersion);
  if (typeof s.adobeCompatible !== 'boolean')
    throw new TraceError('invalid-settings', 'adobeCompatible must be true or false');
  // Stroked edges are the borders cut-out shapes share; true shapes are fitted each on its own.
  if (s.shapes && s.drawStyle === 'strokeEdges') {
    throw new TraceError(
      'invalid-settings',
      'True shapes and stroked edges cannot be combined: choose one of them',
    );
  }
  // Cut-out shapes share their borders exactly; fitting each one's shapes apart would part them.
  if (s.shapes && s.layering === 'cutout') {
    throw new TraceError(
      'invalid-settings',
      'True shapes and cut-out layering cannot be combined: choose one of them',
    );
  }
  const cut = s.cutContour;
  if (
    cut !== null &&
    !(
      typeof cut === 'object' &&
      isOneOf(offsetUnits, cut.unit) &&
      cut.offset >= 0 &&
      offsetPixels(cut) <= MAX_OFFSET_PIXELS
    )
  ) {
    throw new TraceError(
      'invalid-settings',
      'cutContour must be an offset from 0 to 50 mm (in px, mm or in)',
    );
  }
  return s;
}
