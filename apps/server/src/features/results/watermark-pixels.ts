/** Clear space kept between the watermark and every edge of the artwork, in screen pixels. */
export const EDGE_CLEARANCE_PX = 3;
/** Side of the blocks, in pixels of the image's own grid, in which the busy-art rule is judged. */
const BLOCK_PX = 128;
/**
 * Where more than this share of a block is near an edge (art busier than the words, as a photo
 * seen whole is), the mark is drawn over the edges too: a screenshot is never clean.
 */
const BUSY = 0.7;

/**
 * The picture with the mark drawn over it except within EDGE_CLEARANCE_PX of a change of color,
 * as straight (not premultiplied) RGBA for a PNG. Both inputs are resvg's premultiplied RGBA of
 * the same size. A traced result is flat colors, so a pixel whose neighbours all have its color
 * is inside a shape (or on the bare paper), and anything else is near an edge; pixels near an
 * edge keep the picture's exact values, the very ones of the paid render. `origin` is the
 * picture's top left in the image's own pixel grid.
 */
export function keptClearOfEdges(
  picture: Buffer,
  mark: Buffer,
  width: number,
  height: number,
  origin: { x: number; y: number },
): Buffer {
  const near = nearEdges(picture, width, height);
  const busy = busyBlocks(near, width, height, origin);
  const out = Buffer.from(picture);
  const blocksAcross = busy.across;
  for (let y = 0; y < height; y++) {
    const rowBlocks = (Math.floor((y + origin.y) / BLOCK_PX) - busy.top) * blocksAcross;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const i = p * 4;
      const alpha = mark[i + 3];
      if (alpha === 0) continue;
      if (near[p] && !busy.blocks[rowBlocks + Math.floor((x + origin.x) / BLOCK_PX) - busy.left]) continue;
      const keep = 255 - alpha;
      for (let c = 0; c < 4; c++) out[i + c] = mark[i + c] + Math.round((out[i + c] * keep) / 255);
    }
  }
  return unpremultiplied(out);
}

/** 1 where a pixel is within EDGE_CLEARANCE_PX (across or up and down) of a change of color. */
function nearEdges(picture: Buffer, width: number, height: number): Uint8Array {
  // Each pixel's four bytes as one number, to compare colors at once (copied if not aligned).
  const bytes = picture.byteOffset % 4 === 0 ? picture : new Uint8Array(picture);
  const color = new Uint32Array(bytes.buffer, bytes.byteOffset, width * height);
  const changed = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (x + 1 < width && color[p + 1] !== color[p]) changed[p] = changed[p + 1] = 1;
      if (y + 1 < height && color[p + width] !== color[p]) changed[p] = changed[p + width] = 1;
    }
  }
  // Widened across, then up and down: a square of side 2 * EDGE_CLEARANCE_PX + 1 around each change.
  const across = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let last = -Infinity;
    for (let x = 0; x < width; x++) {
      if (changed[row + x]) last = x;
      if (x - last <= EDGE_CLEARANCE_PX) across[row + x] = 1;
    }
    last = Infinity;
    for (let x = width - 1; x >= 0; x--) {
      if (changed[row + x]) last = x;
      if (last - x <= EDGE_CLEARANCE_PX) across[row + x] = 1;
    }
  }
  const near = changed.fill(0);
  for (let x = 0; x < width; x++) {
    let last = -Infinity;
    for (let y = 0; y < height; y++) {
      if (across[y * width + x]) last = y;
      if (y - last <= EDGE_CLEARANCE_PX) near[y * width + x] = 1;
    }
    last = Infinity;
    for (let y = height - 1; y >= 0; y--) {
      if (across[y * width + x]) last = y;
      if (last - y <= EDGE_CLEARANCE_PX) near[y * width + x] = 1;
    }
  }
  return near;
}

/** The blocks (of the image's own grid, as far as the picture shows them) mostly near edges. */
function busyBlocks(near: Uint8Array, width: number, height: number, origin: { x: number; y: number }) {
  const left = Math.floor(origin.x / BLOCK_PX);
  const top = Math.floor(origin.y / BLOCK_PX);
  const across = Math.floor((origin.x + width - 1) / BLOCK_PX) - left + 1;
  const down = Math.floor((origin.y + height - 1) / BLOCK_PX) - top + 1;
  const all = new Uint32Array(across * down);
  const nearOnes = new Uint32Array(across * down);
  for (let y = 0; y < height; y++) {
    const rowBlocks = (Math.floor((y + origin.y) / BLOCK_PX) - top) * across;
    for (let x = 0; x < width; x++) {
      const block = rowBlocks + Math.floor((x + origin.x) / BLOCK_PX) - left;
      all[block]++;
      nearOnes[block] += near[y * width + x];
    }
  }
  const blocks = new Uint8Array(across * down);
  for (let b = 0; b < blocks.length; b++) blocks[b] = nearOnes[b] > all[b] * BUSY ? 1 : 0;
  return { blocks, left, top, across };
}

/** Premultiplied RGBA to straight, rounded as resvg does for its own PNGs. */
function unpremultiplied(rgba: Buffer): Buffer {
  for (let i = 0; i < rgba.length; i += 4) {
    const alpha = rgba[i + 3];
    if (alpha === 255 || alpha === 0) continue;
    const a = alpha / 255;
    for (let c = 0; c < 3; c++) rgba[i + c] = Math.min(255, Math.floor(rgba[i + c] / a + 0.5));
  }
  return rgba;
}
