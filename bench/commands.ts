/** Coordinates each path command takes; extra groups after a letter are implicit repeats. */
const ARITY: Record<string, number> = { m: 2, l: 2, t: 2, h: 1, v: 1, c: 6, s: 4, q: 4, a: 7, z: 0 };

const PATH_TAG = /<path\b[^>]*>/g;
const D_ATTR = /\sd\s*=\s*(?:"([^"]*)"|'([^']*)')/;
const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;

/**
 * Counts the drawing commands of one path's `d`: every command letter, plus one per extra
 * coordinate group (after `M` those are implicit `L`s). Closepath is not counted: a filled outline
 * closes itself, so `z` adds no point, and engines that write it would otherwise pay one command
 * per outline for nothing. This is also how the reference figures for potrace and vtracer
 * (e.g. potrace's 50 commands on bw/png256) were counted.
 */
export function countPathData(d: string): number {
  let count = 0;
  let pos = 0;
  while (pos < d.length) {
    const ch = d[pos];
    const arity = ARITY[ch.toLowerCase()];
    if (arity === undefined) {
      pos++;
      continue;
    }
    pos++;
    if (arity === 0) continue;
    const isArc = ch === 'a' || ch === 'A';
    let args = 0;
    for (;;) {
      while (pos < d.length && /[\s,]/.test(d[pos])) pos++;
      // Arc flags are single digits that may touch the next number ("0 01-4 4").
      const slot = args % arity;
      if (isArc && (slot === 3 || slot === 4) && (d[pos] === '0' || d[pos] === '1')) {
        pos++;
        args++;
        continue;
      }
      NUMBER.lastIndex = pos;
      if (!NUMBER.test(d)) break;
      pos = NUMBER.lastIndex;
      args++;
    }
    count += Math.max(1, Math.ceil(args / arity));
  }
  return count;
}

/** Path commands over every `<path>` element of an SVG document. */
export function countCommands(svg: string): number {
  let total = 0;
  for (const tag of svg.match(PATH_TAG) ?? []) {
    const d = D_ATTR.exec(tag);
    if (d) total += countPathData(d[1] ?? d[2] ?? '');
  }
  return total;
}
