import type { RegionMap } from './regions.js';

/** Which regions touch which (sharing a pixel side), as adjacency lists. */
export interface RegionGraph {
  /** Neighbours of region r: `next[start[r]]` to `next[start[r + 1] - 1]`, in increasing order. */
  start: Int32Array;
  next: Int32Array;
}

/** Builds the region adjacency graph from the runs: row neighbours and overlaps between rows. */
export function regionGraph(map: RegionMap): RegionGraph {
  const { runs, count, ofRun } = map;
  const { rowStart, x1 } = runs;
  const pairs = new Set<number>();
  const add = (a: number, b: number): void => {
    if (a !== b) pairs.add(a < b ? a * count + b : b * count + a);
  };
  for (let y = 0; y < runs.height; y++) {
    for (let run = rowStart[y] + 1; run < rowStart[y + 1]; run++) add(ofRun[run - 1], ofRun[run]);
    if (y === 0) continue;
    let a = rowStart[y - 1];
    let b = rowStart[y];
    while (a < rowStart[y] && b < rowStart[y + 1]) {
      add(ofRun[a], ofRun[b]);
      if (x1[a] < x1[b]) a++;
      else if (x1[b] < x1[a]) b++;
      else {
        a++;
        b++;
      }
    }
  }
  const keys = Float64Array.from(pairs).sort();
  const start = new Int32Array(count + 1);
  for (const key of keys) {
    start[Math.floor(key / count) + 1]++;
    start[(key % count) + 1]++;
  }
  for (let r = 0; r < count; r++) start[r + 1] += start[r];
  const next = new Int32Array(start[count]);
  const fill = start.slice(0, count);
  for (const key of keys) {
    const a = Math.floor(key / count);
    const b = key % count;
    next[fill[a]++] = b;
    next[fill[b]++] = a;
  }
  return { start, next };
}
