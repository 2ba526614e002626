import sharp from 'sharp';

/** A PNG decoded to RGBA. */
export interface Picture {
  data: Buffer;
  width: number;
  height: number;
}

export async function decode(png: Buffer): Promise<Picture> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A part of a picture: `width` x `height` pixels from (left, top). */
export function crop(picture: Picture, left: number, top: number, width: number, height: number): Picture {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = ((top + y) * picture.width + left) * 4;
    picture.data.copy(data, y * width * 4, from, from + width * 4);
  }
  return { data, width, height };
}

/** Per pixel and channel, the median, the least or the most of several pictures of one size. */
export function combine(pictures: Picture[], how: 'median' | 'min' | 'max'): Picture {
  const data = Buffer.alloc(pictures[0].data.length);
  const values = new Array<number>(pictures.length);
  for (let i = 0; i < data.length; i++) {
    for (let k = 0; k < pictures.length; k++) values[k] = pictures[k].data[i];
    values.sort((a, b) => a - b);
    data[i] =
      how === 'min' ? values[0] : how === 'max' ? values[values.length - 1] : values[values.length >> 1];
  }
  return { ...pictures[0], data };
}

/** 1 where the pixels differ by more than `tolerance` in any channel. */
export function differences(a: Picture, b: Picture, tolerance = 8): Uint8Array {
  const out = new Uint8Array(a.width * a.height);
  for (let p = 0; p < out.length; p++) {
    for (let c = 0; c < 4; c++) {
      if (Math.abs(a.data[p * 4 + c] - b.data[p * 4 + c]) > tolerance) out[p] = 1;
    }
  }
  return out;
}

/** The share of pixels set in `map`, among those set in `among` (all when not given). */
export function share(map: Uint8Array, among?: Uint8Array): number {
  let set = 0;
  let all = 0;
  for (let p = 0; p < map.length; p++) {
    if (among && !among[p]) continue;
    all++;
    set += map[p];
  }
  return all ? set / all : 0;
}

/** 1 where a pixel is within `distance` pixels (across, up or down) of a change of color. */
export function nearEdges(picture: Picture, distance: number): Uint8Array {
  const { data, width, height } = picture;
  const color = (x: number, y: number) => data.readUInt32LE((y * width + x) * 4);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const own = color(x, y);
      search: for (let dy = -distance; dy <= distance; dy++) {
        for (let dx = -distance; dx <= distance; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          if (color(nx, ny) !== own) {
            out[y * width + x] = 1;
            break search;
          }
        }
      }
    }
  }
  return out;
}

/** How many `side` x `side` windows (one every 5 px each way) hold no set pixel. */
export function emptyWindows(map: Uint8Array, width: number, height: number, side: number): number {
  // Sums over rectangles from the top left, to count any window's pixels at once.
  const sums = new Uint32Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      sums[(y + 1) * (width + 1) + x + 1] =
        map[y * width + x] +
        sums[y * (width + 1) + x + 1] +
        sums[(y + 1) * (width + 1) + x] -
        sums[y * (width + 1) + x];
    }
  }
  let empty = 0;
  for (let y = 0; y + side <= height; y += 5) {
    for (let x = 0; x + side <= width; x += 5) {
      const at = (ax: number, ay: number) => sums[ay * (width + 1) + ax];
      if (at(x + side, y + side) - at(x, y + side) - at(x + side, y) + at(x, y) === 0) empty++;
    }
  }
  return empty;
}
