import { findRegions, type RegionMap, regionAt } from './regions.js';
import { findRuns } from './runs.js';

/**
 * Gives every pixel of label l the label `to[l]` (in `labels`) and cuts the picture into regions
 * again, so two neighbouring regions that now share a label are one (a colour joined into the
 * background's is background, reaching the border). A dot kept for standing out (see
 * `mergeSpeckles`) stays kept while its new region is still under `minRegion` pixels.
 */
export function relabel(map: RegionMap, labels: Uint8Array, to: Uint8Array, minRegion: number): RegionMap {
  const { runs } = map;
  for (let p = 0; p < labels.length; p++) labels[p] = to[labels[p]];
  const next = findRegions(findRuns(labels, runs.width, runs.height));
  next.dot = new Uint8Array(next.count);
  if (map.dot) {
    for (let run = 0; run < runs.count; run++) {
      const r = map.ofRun[run];
      if (map.dot[r] !== 1) continue;
      const s = regionAt(next, runs.x0[run], runs.y[run]);
      if (next.area[s] < minRegion) next.dot[s] = 1;
    }
  }
  return next;
}

/** Pixels of every label (`count` labels) over the map's regions. */
export function labelAreas(map: RegionMap, count: number): Float64Array {
  const areas = new Float64Array(count);
  for (let r = 0; r < map.count; r++) areas[map.label[r]] += map.area[r];
  return areas;
}
