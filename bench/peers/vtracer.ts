import {
  ColorMode,
  type Config,
  Hierarchical,
  PathSimplifyMode,
  Preset,
  vectorizeRawSync,
  vectorizeSync,
} from '@neplex/vectorizer';
import type { Kind } from '../corpus.js';
import { decode } from '../decode.js';
import type { Peer } from './peer.js';

/** vtracer's own colour defaults (its CLI and Config::default): stacked layers, spline fitting. */
const colorConfig: Config = {
  colorMode: ColorMode.Color,
  hierarchical: Hierarchical.Stacked,
  mode: PathSimplifyMode.Spline,
  filterSpeckle: 4,
  colorPrecision: 6,
  layerDifference: 16,
  cornerThreshold: 60,
  lengthThreshold: 4,
  maxIterations: 10,
  spliceThreshold: 45,
  pathPrecision: 2,
};

/**
 * vtracer through its Node bindings, in process. Colour images go in as file bytes, decoded by
 * vtracer itself (its JPEG decoder differs slightly from sharp's). Monochrome ones are decoded on
 * white and traced with its Bw preset, which cuts at 50% itself: its SVGs were checked identical
 * to those from our own 50% bitmap on all 160 bw corpus images.
 */
export const vtracer: Peer = {
  name: 'vtracer',
  kinds: ['bw', 'color'],
  inProcess: true,
  describe: (kind: Kind) =>
    kind === 'bw'
      ? '@neplex/vectorizer Preset.Bw, its own 50% cut'
      : '@neplex/vectorizer with vtracer colour defaults (stacked, spline, colorPrecision 6, layerDifference 16, filterSpeckle 4), its own decoder',
  async trace(bytes, kind) {
    if (kind === 'color') return { svg: vectorizeSync(bytes, colorConfig) };
    const image = await decode(bytes, { onWhite: true });
    const pixels = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    return { svg: vectorizeRawSync(pixels, { width: image.width, height: image.height }, Preset.Bw) };
  },
};
