import type { Runs } from './runs.js';

/** The picture cut into 4-connected regions of one palette label each, as runs. */
export interface RegionMap {
  runs: Runs;
  count: number;
  /** Region of every run. */
  ofRun: Int32Array;
  /** Palette label of every region. */
  label: Uint8Array;
  area: Int32Array;
  /** Bounding box of every region: x0, y0, x1, y1 (inclusive). */
  box: Int32Array;
  /** After `mergeSpeckles`: 1 for every region under the least region kept for being a dot. */
  dot?: Uint8Array;
}

/**
 * Finds the 4-connected regions of equal label: runs that overlap in consecutive rows are joined
 * with union-find, in one sweep of each pair of rows; linear and recursion-free.
 */
export function findRegions(runs: Runs): RegionMap {
  const { height, rowStart, x1, label } = runs;
  const parent = identity(runs.count);
  for (let y = 1; y < height; y++) {
    // The current pair of runs (one per row) always overlaps: step past whichever ends first.
    let a = rowStart[y - 1];
    let b = rowStart[y];
    const aEnd = rowStart[y];
    const bEnd = rowStart[y + 1];
    while (a < aEnd && b < bEnd) {
      if (label[a] === label[b]) union(parent, a, b);
      if (x1[a] < x1[b]) a++;
      else if (x1[b] < x1[a]) b++;
      else {
        a++;
        b++;
      }
    }
  }
  return regroup(runs, parent, identity(runs.count), label);
}

/**
 * The area of every region's 8-connected group: regions of one label that touch at a corner count
 * together. A thin diagonal stroke is a staircase of 4-connected pieces a pixel or two each,
 * which alone would all pass for speckles.
 */
export function diagonalAreas(map: RegionMap, bridge?: { labels: Uint8Array; below: number }): Int32Array {
  const { runs, ofRun, label } = map;
  const parent = identity(map.count);
  if (bridge) bridgeCrossings(map, parent, bridge.labels, bridge.below);
  // The region whose run's corners are looked at (one function for all runs, not one made a run).
  let region = 0;
  const join = (q: number) => {
    if (label[ofRun[q]] === label[region]) union(parent, ofRun[q], region);
  };
  for (let y = 1; y < runs.height; y++) {
    for (let b = runs.rowStart[y]; b < runs.rowStart[y + 1]; b++) {
      region = ofRun[b];
      aboveCorners(runs, b, y, join);
    }
  }
  const total = new Int32Array(map.count);
  for (let r = 0; r < map.count; r++) total[find(parent, r)] += map.area[r];
  const out = new Int32Array(map.count);
  for (let r = 0; r < map.count; r++) out[r] = total[find(parent, r)];
  return out;
}

/**
 * OKLab distance under which two labels are one ink for a thin line's pieces (see joinInkPieces):
 * a black line's near-blacks, #020202 and #151515, are 0.11 apart; a gray and a black 0.35.
 */
const ONE_INK = 0.15;
/** Least share of a line's contacts with other labels that stand apart from it (STROKE_CONTRAST). */
const ON_GROUND = 0.75;

/**
 * Gives a thin line sorted under two or more alike labels (within ONE_INK) one label, the one
 * most of it has. A 1 px black line on white is sorted in alternating pieces under #151515 (its
 * partly covered pixels) and #020202 (its denser ones), each a pixel or a few, touching at
 * corners; each label's layer then traces its pieces apart, and the line comes out dashed. The
 * pieces (regions under `below` pixels, or longer stretches at most two pixels wide) of alike
 * labels that touch, at a side or a corner, form a line when they hold two labels, add up to
 * `below` or more, and none lies against another region of an alike label (then they are the rim
 * of that shape, in shades of it). Transparency (`clear`) is no ink. Relabels `labels`; returns
 * whether any piece changed.
 */
export function joinInkPieces(
  map: RegionMap,
  labels: Uint8Array,
  below: number,
  distance: (a: number, b: number) => number,
  clear?: number,
): boolean {
  const { runs, ofRun, label, area, box, count } = map;
  const parent = identity(count);
  const rim = new Uint8Array(count);
  const alike = (a: number, b: number) => a !== clear && b !== clear && (a === b || distance(a, b) < ONE_INK);
  // A piece: under `below`, or a line's longer stretch, at most two pixels wide on average.
  const piece = (r: number) =>
    area[r] < below ||
    area[r] <= 2 * Math.max(box[4 * r + 2] - box[4 * r], box[4 * r + 3] - box[4 * r + 1]) + 2;
  // Each piece's contacts with other labels: those standing apart from it (a line's paper), and all.
  const apart = new Int32Array(count);
  const contacts = new Int32Array(count);
  const contact = (r: number, other: number) => {
    contacts[r]++;
    if (distance(label[r], label[other]) >= STROKE_CONTRAST) apart[r]++;
  };
  const touch = (a: number, r: number) => {
    if (a === r) return;
    const smallA = piece(a);
    const smallR = piece(r);
    if (!alike(label[a], label[r])) {
      if (smallA) contact(a, r);
      if (smallR) contact(r, a);
    } else if (smallA && smallR) union(parent, a, r);
    else if (smallA !== smallR) rim[smallA ? a : r] = 1;
  };
  // The region whose run is looked at, and its touch by a run above (one function for all runs).
  let region = 0;
  const touchAbove = (q: number) => touch(ofRun[q], region);
  for (let y = 0; y < runs.height; y++) {
    for (let b = runs.rowStart[y]; b < runs.rowStart[y + 1]; b++) {
      region = ofRun[b];
      if (b + 1 < runs.rowStart[y + 1]) touch(ofRun[b + 1], region);
      if (y === 0) continue;
      overlaps(runs, b, y - 1, touchAbove);
      aboveCorners(runs, b, y, touchAbove);
    }
  }
  // Each group's area, whether it holds two labels, and whether it lies against a shape.
  const total = new Int32Array(count);
  const first = new Int32Array(count).fill(-1);
  const mixed = new Uint8Array(count);
  const shape = new Uint8Array(count);
  for (let r = 0; r < count; r++) {
    if (!piece(r)) continue;
    const g = find(parent, r);
    total[g] += area[r];
    if (first[g] < 0) first[g] = label[r];
    else if (first[g] !== label[r]) mixed[g] = 1;
    shape[g] |= rim[r];
    if (g !== r) {
      apart[g] += apart[r];
      contacts[g] += contacts[r];
    }
  }
  // A line stands apart from what it lies on (most of its contacts, crossings and blends aside);
  // bands of a shading lie between shades near their own.
  const line = (g: number) =>
    mixed[g] === 1 && shape[g] === 0 && total[g] >= below && apart[g] >= ON_GROUND * contacts[g];
  // The area of each line's labels, and the label most of it has.
  const byLabel = new Map<number, number>();
  for (let r = 0; r < count; r++) {
    if (!piece(r)) continue;
    const g = find(parent, r);
    if (line(g)) byLabel.set(g * 256 + label[r], (byLabel.get(g * 256 + label[r]) ?? 0) + area[r]);
  }
  if (byLabel.size === 0) return false;
  const major = new Map<number, { label: number; area: number }>();
  for (const [key, a] of byLabel) {
    const g = Math.floor(key / 256);
    const best = major.get(g);
    if (!best || a > best.area || (a === best.area && key % 256 < best.label))
      major.set(g, { label: key % 256, area: a });
  }
  for (let run = 0; run < runs.count; run++) {
    const r = ofRun[run];
    if (!piece(r)) continue;
    const to = major.get(find(parent, r));
    if (to && to.label !== label[r]) {
      const row = runs.y[run] * runs.width;
      labels.fill(to.label, row + runs.x0[run], row + runs.x1[run]);
    }
  }
  return true;
}

/**
 * Joins every region under `below` pixels to the regions of its label up to two pixels away: on
 * clean art, where two 1 px lines cross, the crossing pixels are a mix of both, and they cut each
 * line's pieces between crossings apart from the rest of it; alone, a piece a few pixels long
 * passes for a speckle and the line comes out broken at every crossing.
 */
function bridgeCrossings(map: RegionMap, parent: Int32Array, labels: Uint8Array, below: number): void {
  const { runs, ofRun, label } = map;
  const { width, height } = runs;
  for (let b = 0; b < runs.count; b++) {
    const r = ofRun[b];
    if (map.area[r] >= below) continue;
    const y = runs.y[b];
    for (let x = runs.x0[b]; x < runs.x1[b]; x++) {
      for (let qy = Math.max(0, y - 2); qy <= Math.min(height - 1, y + 2); qy++) {
        for (let qx = Math.max(0, x - 2); qx <= Math.min(width - 1, x + 2); qx++) {
          if (labels[qy * width + qx] !== label[r]) continue;
          const s = regionAt(map, qx, qy);
          if (s !== r) union(parent, r, s);
        }
      }
    }
  }
}

/**
 * OKLab distance from the color it would merge into from which a piece of a thin stroke is kept:
 * a dark letter on paper stands out, a shade of its own anti-aliased rim does not.
 */
const STROKE_CONTRAST = 0.3;
/**
 * A piece of a thin stroke in a color of its own stands out at this distance: an orange or light
 * green 1 px curve on a chart's white (0.3 and 0.25 from it), where a piece of an anti-aliased
 * rim is a blend of the two colors it lies between, however far from both.
 */
const LINE_CONTRAST = 0.15;
/** How much longer (OKLab) the way through a color may be than the way between two, for a blend. */
const BLEND_SLACK = 0.04;

/**
 * OKLab distance from every color around it from which a small dot is kept: a stipple dot, an i's
 * dot or a speck of dark ink on paper (black on white is 1) is a mark, where JPEG ringing and
 * grain differ from their surroundings by a shade, and a piece of the rim between two colors is
 * near one of them.
 */
const DOT_CONTRAST = 0.5;

/** The least dot kept (see DOT_CONTRAST): two pixels, a third of the least region in draft. */
function leastDot(minRegion: number): number {
  return Math.max(2, Math.round(minRegion / 3));
}

/** How a speckle picks the neighbour it merges into. */
export interface MergeRule {
  /** Color distance between two labels: a speckle joins the neighbour nearest its own color. */
  distance?: (a: number, b: number) => number;
  /**
   * Transparency's label: it takes a speckle only when nothing else borders it, a pale mark on it
   * is kept, and its regions at the picture's edge never merge (see `outside`).
   */
  clear?: number;
  /**
   * Larger regions that still merge when their neighbour is this close in color: texture and
   * grain (wood, paper, fur) break into many faint patches that no one would draw.
   */
  faint?: { distance: number; area: number };
  /** Clean art: pieces of a line cut apart where another crosses it count together (see bridgeCrossings). */
  bridge?: boolean;
}

/**
 * Merges every region smaller than `minRegion` pixels (and faint ones up to `rule.faint.area`)
 * into a neighbouring region, smallest first,
 * so JPEG noise and stray edge pixels do not each become an outline. The neighbour is the one
 * nearest in color (with `rule.distance`), then the one sharing the longest border, then the
 * larger, then the older: a piece of a thin line whose shade varies joins the next piece of the
 * line, not the paper around it. A merged speckle grows its neighbour, and a group still too
 * small merges on as one. Relabels the merged pixels in `labels`.
 */
export function mergeSpeckles(
  map: RegionMap,
  labels: Uint8Array,
  minRegion: number,
  rule: MergeRule = {},
): RegionMap {
  const { runs, count, ofRun, area } = map;
  const limit = Math.max(minRegion, rule.faint?.area ?? 0);
  const grouped = diagonalAreas(map, rule.bridge ? { labels, below: minRegion } : undefined);
  const small = smallestFirst(
    map,
    limit,
    (r) => (grouped[r] < minRegion || rule.faint !== undefined) && !outside(map, r, rule.clear),
  );
  if (small.length === 0) return map;
  const members = runsByRegion(map);
  const parent = identity(count);
  const size = area.slice();
  // Each group's member regions as a linked list, to walk a grown speckle's runs.
  const nextMember = new Int32Array(count).fill(-1);
  const lastMember = identity(count);
  const border = new Neighbours();
  const dots = new Uint8Array(count);
  const touch = (q: number, len: number) => border.add(find(parent, ofRun[q]), len);
  for (const r0 of small) {
    const r = find(parent, r0);
    if (size[r] >= limit) continue;
    border.clear();
    for (let m = r; m >= 0; m = nextMember[m]) {
      for (let k = members.start[m]; k < members.start[m + 1]; k++) {
        const run = members.runs[k];
        const y = runs.y[run];
        if (run > runs.rowStart[y]) border.add(find(parent, ofRun[run - 1]), 1);
        if (run + 1 < runs.rowStart[y + 1]) border.add(find(parent, ofRun[run + 1]), 1);
        if (y > 0) overlaps(runs, run, y - 1, touch);
        if (y + 1 < runs.height) overlaps(runs, run, y + 1, touch);
      }
    }
    const s = border.best(r, size, map.label, rule);
    if (s < 0) continue;
    const apart = rule.distance ? rule.distance(map.label[r], map.label[s]) : Number.POSITIVE_INFINITY;
    // A piece of a thin stroke (large with its diagonal neighbours) stays when it stands out, and
    // at a lower contrast when it is no blend of the colors around it (a line, not a rim).
    const stroke =
      grouped[r0] >= minRegion &&
      (apart >= STROKE_CONTRAST ||
        (apart >= LINE_CONTRAST &&
          rule.distance !== undefined &&
          !border.blends(r, map.label, rule.distance)));
    // A dot (see leastDot) stays when it stands out from everything around it (DOT_CONTRAST); on
    // clean art, so does a single pixel of a group of its color as large as a region, touching at
    // corners or 2 px apart (see diagonalAreas): a dotted line's dot.
    const dotted = rule.bridge === true && grouped[r0] >= minRegion;
    const dot =
      size[r] >= (dotted ? 1 : leastDot(minRegion)) &&
      rule.distance !== undefined &&
      border.nearest(r, map.label, rule.distance) >= DOT_CONTRAST;
    if (size[r] >= minRegion || stroke || dot) {
      // Transparency is no color: a pale mark on it shows on whatever the art is placed on.
      if (!rule.faint || apart >= rule.faint.distance || map.label[s] === rule.clear) {
        if (dot && size[r] < minRegion) dots[r] = 1;
        continue;
      }
    }
    parent[r] = s;
    size[s] += size[r];
    nextMember[lastMember[s]] = r;
    lastMember[s] = lastMember[r];
  }
  const merged = regroup(runs, parent, ofRun, map.label);
  merged.dot = new Uint8Array(merged.count);
  for (let run = 0; run < runs.count; run++) {
    if (dots[find(parent, ofRun[run])]) merged.dot[merged.ofRun[run]] = 1;
  }
  for (let run = 0; run < runs.count; run++) {
    const l = merged.label[merged.ofRun[run]];
    if (l !== runs.label[run]) {
      const row = runs.y[run] * runs.width;
      labels.fill(l, row + runs.x0[run], row + runs.x1[run]);
    }
  }
  return merged;
}

/**
 * The regions under `limit` pixels that `take` takes, smallest first, the older first among equals:
 * counted by area, as a page's grain makes millions of them.
 */
function smallestFirst(map: RegionMap, limit: number, take: (r: number) => boolean): Int32Array {
  const { count, area } = map;
  const start = new Int32Array(limit + 1);
  for (let r = 0; r < count; r++) if (area[r] < limit && take(r)) start[area[r] + 1]++;
  for (let a = 0; a < limit; a++) start[a + 1] += start[a];
  const small = new Int32Array(start[limit]);
  for (let r = 0; r < count; r++) if (area[r] < limit && take(r)) small[start[area[r]]++] = r;
  return small;
}

/**
 * Whether region `r` is transparency (the label `clear`) at the picture's edge: the outside of
 * what is drawn, however small (a round icon's corners, a card's), which merged into its
 * neighbour as a speckle would be painted over.
 */
function outside({ label, box, runs }: RegionMap, r: number, clear: number | undefined): boolean {
  if (label[r] !== clear) return false;
  const b = 4 * r;
  return box[b] === 0 || box[b + 1] === 0 || box[b + 2] === runs.width - 1 || box[b + 3] === runs.height - 1;
}

/** The runs of every region, grouped: region r's are `runs[start[r]]` to `runs[start[r + 1] - 1]`. */
export function runsByRegion(map: RegionMap): { start: Int32Array; runs: Int32Array } {
  const start = new Int32Array(map.count + 1);
  for (let run = 0; run < map.runs.count; run++) start[map.ofRun[run] + 1]++;
  for (let r = 0; r < map.count; r++) start[r + 1] += start[r];
  const fill = start.slice(0, map.count);
  const runs = new Int32Array(map.runs.count);
  for (let run = 0; run < map.runs.count; run++) runs[fill[map.ofRun[run]]++] = run;
  return { start, runs };
}

/** The region of the pixel at (x, y). */
export function regionAt(map: RegionMap, x: number, y: number): number {
  return map.ofRun[runAt(map.runs, y, x)];
}

/** The run of row `y` that holds column `x` (by binary search). */
function runAt(runs: Runs, y: number, x: number): number {
  let lo = runs.rowStart[y];
  let hi = runs.rowStart[y + 1] - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (runs.x1[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Calls `visit(q, length)` for every run q of row `y` overlapping run `run` horizontally. */
function overlaps(runs: Runs, run: number, y: number, visit: (q: number, length: number) => void): void {
  const a = runs.x0[run];
  const b = runs.x1[run];
  for (let q = runAt(runs, y, a); q < runs.rowStart[y + 1] && runs.x0[q] < b; q++) {
    visit(q, Math.min(b, runs.x1[q]) - Math.max(a, runs.x0[q]));
  }
}

/**
 * Calls `visit(q)` for the runs of row `y - 1` that touch run `run` (of row `y`) at a corner: the
 * pixels above-left of its first pixel and above-right of its last.
 */
function aboveCorners(runs: Runs, run: number, y: number, visit: (q: number) => void): void {
  if (runs.x0[run] > 0) visit(runAt(runs, y - 1, runs.x0[run] - 1));
  if (runs.x1[run] < runs.width) visit(runAt(runs, y - 1, runs.x1[run]));
}

/**
 * Shared border length with each neighbouring region of a speckle: the first `count` entries of
 * arrays kept from one speckle to the next (emptied, a JS array lets its storage go).
 */
class Neighbours {
  private roots: number[] = [];
  private lengths: number[] = [];
  private count = 0;

  clear(): void {
    this.count = 0;
  }

  add(root: number, length: number): void {
    for (let k = 0; k < this.count; k++) {
      if (this.roots[k] === root) {
        this.lengths[k] += length;
        return;
      }
    }
    if (this.count === this.roots.length) {
      this.roots.push(root);
      this.lengths.push(length);
    } else {
      this.roots[this.count] = root;
      this.lengths[this.count] = length;
    }
    this.count++;
  }

  /** The least color distance from `self` to any neighbour. */
  nearest(self: number, label: Uint8Array, distance: (a: number, b: number) => number): number {
    let least = Number.POSITIVE_INFINITY;
    for (let k = 0; k < this.count; k++) {
      const r = this.roots[k];
      if (r !== self) least = Math.min(least, distance(label[self], label[r]));
    }
    return least;
  }

  /** Whether `self`'s color lies between two of its neighbours' colors: a blend of them. */
  blends(self: number, label: Uint8Array, distance: (a: number, b: number) => number): boolean {
    const own = label[self];
    for (let i = 0; i < this.count; i++) {
      const a = label[this.roots[i]];
      if (this.roots[i] === self || a === own) continue;
      for (let j = i + 1; j < this.count; j++) {
        const b = label[this.roots[j]];
        if (this.roots[j] === self || b === own || b === a) continue;
        if (distance(a, own) + distance(own, b) <= distance(a, b) + BLEND_SLACK) return true;
      }
    }
    return false;
  }

  /** The neighbour other than `self` to merge into (see `mergeSpeckles`); -1 if none. */
  best(self: number, size: Int32Array, label: Uint8Array, rule: MergeRule): number {
    let best = -1;
    let bestLength = 0;
    let bestDistance = 0;
    let bestClear = true;
    for (let k = 0; k < this.count; k++) {
      const r = this.roots[k];
      if (r === self) continue;
      const len = this.lengths[k];
      const clear = label[r] === rule.clear;
      const distance = rule.distance ? rule.distance(label[self], label[r]) : 0;
      const better =
        best < 0 ||
        (clear !== bestClear
          ? !clear
          : distance !== bestDistance
            ? distance < bestDistance
            : len !== bestLength
              ? len > bestLength
              : size[r] !== size[best]
                ? size[r] > size[best]
                : r < best);
      if (better) {
        best = r;
        bestLength = len;
        bestDistance = distance;
        bestClear = clear;
      }
    }
    return best;
  }
}

/** One region per union-find group of `ofRun`'s ids, numbered in order of first appearance. */
function regroup(runs: Runs, parent: Int32Array, ofRun: Int32Array, oldLabel: Uint8Array): RegionMap {
  const compact = new Int32Array(parent.length).fill(-1);
  const newOf = new Int32Array(runs.count);
  let count = 0;
  for (let run = 0; run < runs.count; run++) {
    const root = find(parent, ofRun[run]);
    if (compact[root] < 0) compact[root] = count++;
    newOf[run] = compact[root];
  }
  const label = new Uint8Array(count);
  const area = new Int32Array(count);
  const box = new Int32Array(count * 4);
  for (let o = 0; o < box.length; o += 4) {
    box[o] = 0x7fffffff;
    box[o + 1] = 0x7fffffff;
    box[o + 2] = -1;
    box[o + 3] = -1;
  }
  for (let run = 0; run < runs.count; run++) {
    const r = newOf[run];
    const o = r * 4;
    const y = runs.y[run];
    label[r] = oldLabel[find(parent, ofRun[run])];
    area[r] += runs.x1[run] - runs.x0[run];
    if (runs.x0[run] < box[o]) box[o] = runs.x0[run];
    if (y < box[o + 1]) box[o + 1] = y;
    if (runs.x1[run] - 1 > box[o + 2]) box[o + 2] = runs.x1[run] - 1;
    if (y > box[o + 3]) box[o + 3] = y;
  }
  return { runs, count, ofRun: newOf, label, area, box };
}

/** 0, 1, ..., n - 1: every id its own set. */
function identity(n: number): Int32Array {
  const ids = new Int32Array(n);
  for (let i = 0; i < n; i++) ids[i] = i;
  return ids;
}

function find(parent: Int32Array, r: number): number {
  while (parent[r] !== r) {
    parent[r] = parent[parent[r]];
    r = parent[r];
  }
  return r;
}

/** Joins two sets, keeping the smaller id as the root. */
function union(parent: Int32Array, a: number, b: number): void {
  const ra = find(parent, a);
  const rb = find(parent, b);
  if (ra < rb) parent[rb] = ra;
  else if (rb < ra) parent[ra] = rb;
}
