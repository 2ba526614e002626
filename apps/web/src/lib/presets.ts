import { type ConversionSettings, defaultConversionSettings } from '@vectrace/contract';

/** A starting point for a kind of image: the engine's settings that suit it. */
export interface Preset {
  name: string;
  hint: string;
  settings: ConversionSettings;
}

const base = defaultConversionSettings;

export const presets: Preset[] = [
  {
    name: 'Auto',
    hint: 'Reads the image and picks the way to trace it: black and white for ink on paper, color for colored art and photos, exact squares for pixel art.',
    settings: { ...base, mode: 'auto' },
  },
  {
    name: 'Logo',
    hint: 'Black and white art with clean edges: sharp corners kept, curves smooth.',
    settings: { ...base, mode: 'bw', smoothness: 50, cornerDetection: 'sharp', quality: 'high' },
  },
  {
    name: 'Line art and scans',
    hint: 'Drawings, handwriting and scanned or photographed pages: the paper stays white, fine strokes are kept.',
    settings: {
      ...base,
      mode: 'bw',
      smoothness: 40,
      threshold: 30,
      cornerDetection: 'auto',
      quality: 'high',
    },
  },
  {
    name: 'Illustration',
    hint: 'Flat colors, clipart and stickers: every color kept, transparency kept.',
    settings: {
      ...base,
      mode: 'color',
      colors: 'auto',
      smoothness: 50,
      cornerDetection: 'auto',
      quality: 'standard',
    },
  },
  {
    name: 'Photo',
    hint: 'Photos and shaded art as a posterized color picture with up to 16 colors.',
    settings: {
      ...base,
      mode: 'color',
      colors: 16,
      smoothness: 70,
      cornerDetection: 'rounded',
      quality: 'standard',
    },
  },
  {
    name: 'Pixel art',
    hint: 'Sprites, tiles and small icons: every pixel an exact square, nothing smoothed.',
    settings: { ...base, mode: 'pixel' },
  },
];

/**
 * The preset these settings are, if any. Lists and objects (a palette, a cut contour) compare by
 * what they hold: settings brought back from the server are copies.
 */
export function presetOf(settings: ConversionSettings): Preset | undefined {
  const keys = Object.keys(base) as (keyof ConversionSettings)[];
  const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
  return presets.find((preset) => keys.every((key) => same(preset.settings[key], settings[key])));
}
