import { TraceError } from './errors.js';
import { cornerDetections, qualities, readAs, type TraceSettings, traceModes } from './settings.js';

const isOneOf = (values: readonly string[], value: unknown) =>
  typeof value === 'string' && values.includes(value);

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
  if (s.colors !== 'auto' && !(Number.isInteger(s.colors) && s.colors >= 2 && s.colors <= 32)) {
    throw new TraceError('invalid-settings', 'colors must be a whole number from 2 to 32, or auto');
  }
  return s;
}
