import type { RasterImage } from '../../src/model.js';

type Rgba = readonly [number, number, number, number];

const CLEAR: Rgba = [0, 0, 0, 0];
const OUTLINE: Rgba = [34, 32, 52, 255];
/** A creature's three shades, lit from the top left, and its eye. */
const RAMP: Rgba[] = [
  [153, 229, 80, 255],
  [106, 190, 48, 255],
  [55, 148, 110, 255],
];
const EYE: Rgba = [255, 255, 255, 255];

/** Options of {@link sprite}. */
export interface SpriteOptions {
  seed?: number;
  /** Share of the pixels on the creature's edge blended half-way with a neighbour (anti-aliased by hand). */
  blends?: number;
  /** A semi-transparent shadow (black at alpha 96) on the ground under the creature. */
  shadow?: boolean;
  /** The ground's color; clear by default. */
  ground?: Rgba;
}

/**
 * A pixel-art creature `size` px square, a pixel a cell, as artists draw them: a body and a head
 * (aliased discs), shaded in three colors with a band of dither between two of them, a one-pixel
 * dark outline, an eye; optionally a few blended pixels and a shadow.
 */
export function sprite(size: number, options: SpriteOptions = {}): RasterImage {
  const random = seeded(options.seed ?? 3);
  const data = new Uint8Array(size * size * 4);
  const inside = new Uint8Array(size * size);
  const body = { x: size * 0.5, y: size * 0.58, r: size * 0.3 };
  const head = { x: size * (0.36 + random() * 0.1), y: size * 0.3, r: size * 0.2 };
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const inDisc = (d: { x: number; y: number; r: number }) =>
        (x + 0.5 - d.x) ** 2 + (y + 0.5 - d.y) ** 2 < d.r * d.r;
      if (inDisc(body) || inDisc(head)) inside[y * size + x] = 1;
    }
  }
  const put = (p: number, rgba: Rgba) => data.set(rgba, p * 4);
  for (let p = 0; p < size * size; p++) put(p, options.ground ?? CLEAR);
  if (options.shadow) {
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++)
        if (((x + 0.5 - size / 2) / (size * 0.4)) ** 2 + ((y + 0.5 - size * 0.9) / (size * 0.08)) ** 2 < 1)
          put(y * size + x, [0, 0, 0, 96]);
  }
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const p = y * size + x;
      if (inside[p]) {
        // Lit from the top left: the light falls off along the diagonal, in bands.
        const t = (x + y) / (2 * size);
        const band = t < 0.42 ? 0 : t < 0.5 ? ((x + y) % 2 === 0 ? 0 : 1) : t < 0.62 ? 1 : 2;
        put(p, RAMP[band] as Rgba);
      } else if (
        (x > 0 && inside[p - 1]) ||
        (x + 1 < size && inside[p + 1]) ||
        (y > 0 && inside[p - size]) ||
        (y + 1 < size && inside[p + size])
      )
        put(p, OUTLINE);
    }
  }
  const eye = Math.round(head.y * 0.9) * size + Math.round(head.x);
  put(eye, EYE);
  if (size >= 24) put(eye + 1, EYE);
  if (options.blends) blend(data, size, inside, options.blends, random);
  return { width: size, height: size, data };
}

/** Blends `share` of the pixels along the outline half-way with the pixel beside them. */
function blend(
  data: Uint8Array,
  size: number,
  inside: Uint8Array,
  share: number,
  random: () => number,
): void {
  const edge: number[] = [];
  for (let p = 0; p < size * size; p++) if (inside[p] && !inside[p - 1]) edge.push(p);
  const wanted = Math.round(share * size * size);
  for (let k = 0; k < wanted && edge.length > 0; k++) {
    const p = edge.splice(Math.floor(random() * edge.length), 1)[0] as number;
    for (let c = 0; c < 4; c++) data[p * 4 + c] = (data[p * 4 + c] + data[(p - 1) * 4 + c] + 1) >> 1;
  }
}

/** A nearest-neighbour enlargement: each pixel a `factor` x `factor` cell. */
export function enlarge(image: RasterImage, factor: number): RasterImage {
  return resample(image, Math.round(image.width * factor), Math.round(image.height * factor));
}

/** Nearest-neighbour resampling to any size (an enlargement by 2.5 makes cells of 2 and 3 px). */
export function resample(image: RasterImage, width: number, height: number): RasterImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const sy = Math.floor((y * image.height) / height);
    for (let x = 0; x < width; x++) {
      const sx = Math.floor((x * image.width) / width);
      const from = (sy * image.width + sx) * 4;
      data.set(image.data.subarray(from, from + 4), (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

/** Sprites side by side in rows of `across`, `gap` clear pixels between and around them. */
export function sheet(sprites: RasterImage[], across: number, gap: number): RasterImage {
  const cell = Math.max(...sprites.map((s) => s.width));
  const down = Math.ceil(sprites.length / across);
  const width = across * (cell + gap) + gap;
  const height = down * (cell + gap) + gap;
  const data = new Uint8Array(width * height * 4);
  sprites.forEach((s, k) => {
    const left = gap + (k % across) * (cell + gap);
    const top = gap + Math.floor(k / across) * (cell + gap);
    for (let y = 0; y < s.height; y++)
      data.set(s.data.subarray(y * s.width * 4, (y + 1) * s.width * 4), ((top + y) * width + left) * 4);
  });
  return { width, height, data };
}

/** A tile `w` x `h` of bricks in two shades with dark mortar and a few dithered stains, opaque. */
export function tile(w: number, h: number, seed = 5): RasterImage {
  const random = seeded(seed);
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const row = Math.floor(y / 4);
      const mortar = y % 4 === 3 || (x + (row % 2) * 4) % 8 === 7;
      const stain = !mortar && random() < 0.15;
      const rgba: Rgba = mortar ? [69, 40, 60, 255] : stain ? [143, 86, 59, 255] : [172, 50, 50, 255];
      data.set(rgba, (y * w + x) * 4);
    }
  }
  return { width: w, height: h, data };
}

/** A small deterministic generator (a linear congruence), in [0, 1). */
export function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}
