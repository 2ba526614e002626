/**
 * Mean sRGB color of every label (3 numbers per label) over its body pixels: anti-aliased blends
 * are left out, as they lean towards the neighbouring color. A label with no body pixel takes the
 * mean of all its pixels.
 */
export function labelColors(
  color: Uint32Array,
  labels: Uint8Array,
  blend: Uint8Array,
  count: number,
): Float64Array {
  const body = new Float64Array(count * 4);
  const all = new Float64Array(count * 4);
  for (let p = 0; p < color.length; p++) {
    const c = color[p];
    const acc = blend[p] ? all : body;
    const o = labels[p] * 4;
    acc[o]++;
    acc[o + 1] += c >> 16;
    acc[o + 2] += (c >> 8) & 255;
    acc[o + 3] += c & 255;
  }
  const rgb = new Float64Array(count * 3);
  for (let l = 0; l < count; l++) {
    const o = l * 4;
    const acc = body[o] > 0 ? body : all;
    const n = acc === body ? body[o] : body[o] + all[o];
    if (n === 0) continue;
    for (let ch = 0; ch < 3; ch++)
      rgb[l * 3 + ch] = (acc[o + 1 + ch] + (acc === body ? 0 : body[o + 1 + ch])) / n;
  }
  return rgb;
}
