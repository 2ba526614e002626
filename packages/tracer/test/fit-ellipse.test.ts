import { describe, expect, it } from 'vitest';
import { pointAt } from '../src/geometry/arc.js';
import { type Ellipse, ellipseDistance, fitEllipse } from '../src/shapes/fit-ellipse.js';

/** The point at parameter angle t on an ellipse. */
const ellipsePoint = ({ center, rx, ry, rotation }: Ellipse, t: number) =>
  pointAt({ center, radius: rx, ry, rotation }, t);

/** A deterministic generator of numbers in [0, 1): a 32-bit linear congruential one. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** n samples of the ellipse at parameter angles from `from` through `span`, each moved by up to ±noise px. */
function samples(e: Ellipse, n: number, noise = 0, span = 2 * Math.PI, from = 0.3, seed = 1) {
  const random = lcg(seed);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const closed = span >= 2 * Math.PI;
  for (let i = 0; i < n; i++) {
    const p = ellipsePoint(e, from + (span * i) / (closed ? n : n - 1));
    xs[i] = p.x + noise * (2 * random() - 1);
    ys[i] = p.y + noise * (2 * random() - 1);
  }
  return { xs, ys };
}

const fitOf = (s: { xs: Float64Array; ys: Float64Array }) => fitEllipse(s.xs, s.ys);

/** The difference of two axis angles, which are the same modulo π. */
function angleGap(a: number, b: number): number {
  const d = (((a - b) % Math.PI) + Math.PI) % Math.PI;
  return Math.min(d, Math.PI - d);
}

const center = { x: 5000, y: 3000 };
const rotations = [0, Math.PI / 6, Math.PI / 2, Math.PI / 2 - 1e-3, -Math.PI / 2 + 1e-3, -1.2, 2.5];

describe('fitEllipse', () => {
  it('recovers exact ellipses of any size, axis ratio and rotation, far from the origin', () => {
    for (const rx of [5, 12, 40, 90, 200]) {
      for (const ratio of [1.05, 1.5, 2.5, 5]) {
        for (const rotation of rotations) {
          const e = { center, rx, ry: rx / ratio, rotation };
          const { xs, ys } = samples(e, 48);
          const fit = fitEllipse(xs, ys);
          expect(fit, `${rx} ${ratio} ${rotation}`).toBeDefined();
          if (!fit) continue;
          expect(Math.abs(fit.center.x - center.x)).toBeLessThan(1e-6 * rx);
          expect(Math.abs(fit.center.y - center.y)).toBeLessThan(1e-6 * rx);
          expect(Math.abs(fit.rx - rx)).toBeLessThan(1e-6 * rx);
          expect(Math.abs(fit.ry - e.ry)).toBeLessThan(1e-6 * e.ry);
          expect(angleGap(fit.rotation, rotation)).toBeLessThan(1e-6);
          expect(fit.rotation).toBeGreaterThan(-Math.PI / 2);
          expect(fit.rotation).toBeLessThanOrEqual(Math.PI / 2);
          expect(fit.deviation).toBeLessThan(1e-6);
          expect(fit.meanDeviation).toBeLessThanOrEqual(fit.deviation);
        }
      }
    }
  });

  it('gives the larger semi-axis as rx, turned to lie along it', () => {
    const fit = fitOf(samples({ center, rx: 30, ry: 80, rotation: 0.2 }, 40));
    expect(fit?.rx).toBeCloseTo(80, 6);
    expect(fit?.ry).toBeCloseTo(30, 6);
    expect(fit?.rotation).toBeCloseTo(0.2 - Math.PI / 2, 6);
  });

  it('recovers the axes of noisy samples within 1 %', () => {
    let seed = 7;
    for (const rx of [30, 60, 120, 200]) {
      for (const ratio of [1.05, 1.5, 2, 3, 5]) {
        for (const rotation of rotations) {
          const e = { center, rx, ry: rx / ratio, rotation };
          const { xs, ys } = samples(e, Math.round(2 * Math.PI * rx), 0.2, 2 * Math.PI, 0.3, seed++);
          const fit = fitEllipse(xs, ys);
          expect(fit).toBeDefined();
          if (!fit) continue;
          expect(Math.abs(fit.rx / rx - 1)).toBeLessThan(0.01);
          expect(Math.abs(fit.ry / e.ry - 1)).toBeLessThan(0.01);
          expect(Math.hypot(fit.center.x - center.x, fit.center.y - center.y)).toBeLessThan(0.01 * e.ry);
          if (ratio >= 1.5) expect(angleGap(fit.rotation, rotation)).toBeLessThan(0.01);
          expect(fit.deviation).toBeGreaterThan(0.05);
          expect(fit.deviation).toBeLessThan(0.3);
          expect(fit.meanDeviation).toBeLessThan(0.15);
        }
      }
    }
  });

  it('fits a half ellipse, exact and noisy', () => {
    const e = { center, rx: 80, ry: 40, rotation: Math.PI / 6 };
    for (const from of [0, Math.PI / 2, 2]) {
      const exact = fitOf(samples(e, 60, 0, Math.PI, from));
      expect(Math.abs((exact?.rx ?? 0) - 80)).toBeLessThan(1e-6 * 80);
      expect(Math.abs((exact?.ry ?? 0) - 40)).toBeLessThan(1e-6 * 40);
      expect(angleGap(exact?.rotation ?? 0, Math.PI / 6)).toBeLessThan(1e-6);
      const noisy = fitOf(samples(e, 200, 0.2, Math.PI, from, 3));
      expect(Math.abs((noisy?.rx ?? 0) / 80 - 1)).toBeLessThan(0.03);
      expect(Math.abs((noisy?.ry ?? 0) / 40 - 1)).toBeLessThan(0.03);
    }
  });

  it('fits a circle with equal axes', () => {
    for (const r of [5, 50, 200]) {
      const fit = fitOf(samples({ center, rx: r, ry: r, rotation: 0 }, 36));
      expect(Math.abs((fit?.rx ?? 0) - r)).toBeLessThan(1e-6 * r);
      expect(Math.abs((fit?.ry ?? 0) - r)).toBeLessThan(1e-6 * r);
      expect(fit?.deviation).toBeLessThan(1e-6);
    }
  });

  it('tells a rounded square from an ellipse', () => {
    const n = 200;
    const xs = new Float64Array(n);
    const ys = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      // |x|⁴ + |y|⁴ = 1, scaled to 50 px.
      const t = (2 * Math.PI * i) / n;
      xs[i] = center.x + 50 * Math.sign(Math.cos(t)) * Math.sqrt(Math.abs(Math.cos(t)));
      ys[i] = center.y + 50 * Math.sign(Math.sin(t)) * Math.sqrt(Math.abs(Math.sin(t)));
    }
    const fit = fitEllipse(xs, ys);
    expect(fit).toBeDefined();
    expect(fit?.meanDeviation).toBeGreaterThan(0.3);
    expect(fit?.deviation).toBeGreaterThan(fit?.meanDeviation ?? 0);
    // Given limits, it is turned away; an ellipse within them is not, and is measured whole.
    const limits = () => ({ most: 1.5, mean: 0.2 });
    expect(fitEllipse(xs, ys, n, limits)).toBeUndefined();
    const { xs: ex, ys: ey } = samples({ center, rx: 50, ry: 30, rotation: 0.4 }, 200, 0.2);
    const within = fitEllipse(ex, ey, 200, limits);
    expect(within?.meanDeviation).toEqual(fitEllipse(ex, ey)?.meanDeviation);
    expect(fitEllipse(ex, ey, 200, () => ({ most: 0.05, mean: 0.2 }))).toBeUndefined();
  });

  it('gives undefined for a straight line or fewer than 6 samples', () => {
    const xs = Array.from({ length: 20 }, (_, i) => 5000 + 3 * i);
    const ys = Array.from({ length: 20 }, (_, i) => 3000 - 2 * i);
    expect(fitEllipse(xs, ys)).toBeUndefined();
    expect(fitEllipse(xs, Array(20).fill(3000))).toBeUndefined();
    expect(fitEllipse(Array(20).fill(5000), ys)).toBeUndefined();
    expect(fitEllipse(Array(20).fill(5000), Array(20).fill(3000))).toBeUndefined();
    const { xs: ex, ys: ey } = samples({ center, rx: 50, ry: 30, rotation: 0.4 }, 5);
    expect(fitEllipse(ex, ey)).toBeUndefined();
    expect(fitEllipse([], [])).toBeUndefined();
  });

  it('reads only the first count samples', () => {
    const e = { center, rx: 50, ry: 30, rotation: 0.4 };
    const { xs, ys } = samples(e, 40, 0, Math.PI * 1.5);
    const xs2 = [...xs, 0, 1, 2];
    const ys2 = [...ys, 9, 0, 4];
    expect(fitEllipse(xs2, ys2, 40)?.deviation).toBeLessThan(1e-6);
    expect(fitEllipse(xs2, ys2)?.deviation ?? 1).toBeGreaterThan(1);
    expect(fitEllipse(xs2, ys2, 5)).toBeUndefined();
  });
});

describe('ellipseDistance', () => {
  const e = { center: { x: 0, y: 0 }, rx: 100, ry: 50, rotation: 0 };

  it('measures the geometric distance, not the algebraic one', () => {
    expect(ellipseDistance(e, { x: 0, y: 70 })).toBeCloseTo(20, 9);
    expect(ellipseDistance(e, { x: 130, y: 0 })).toBeCloseTo(30, 9);
    expect(ellipseDistance(e, { x: -130, y: 0 })).toBeCloseTo(30, 9);
    expect(ellipseDistance(e, { x: 0, y: -20 })).toBeCloseTo(30, 9);
    expect(ellipseDistance(e, { x: 0, y: 0 })).toBeCloseTo(50, 9);
    // Turned 30° and moved: the same points in the ellipse's frame.
    const turned = { center, rx: 100, ry: 50, rotation: Math.PI / 6 };
    const at = (u: number, v: number) => ({
      x: center.x + u * Math.cos(Math.PI / 6) - v * Math.sin(Math.PI / 6),
      y: center.y + u * Math.sin(Math.PI / 6) + v * Math.cos(Math.PI / 6),
    });
    expect(ellipseDistance(turned, at(0, 70))).toBeCloseTo(20, 9);
    expect(ellipseDistance(turned, at(130, 0))).toBeCloseTo(30, 9);
    expect(ellipseDistance(turned, ellipsePoint(turned, 1.234))).toBeLessThan(1e-9);
  });

  it('agrees with a brute-force search to 1e-6 px, inside and outside', () => {
    const random = lcg(42);
    for (let k = 0; k < 200; k++) {
      const p = { x: 300 * (random() - 0.5), y: 200 * (random() - 0.5) };
      // The nearest of 20000 parameters, then golden-section search round it.
      let best = 0;
      let bestD = Number.POSITIVE_INFINITY;
      const d = (t: number) => {
        const q = ellipsePoint(e, t);
        return Math.hypot(q.x - p.x, q.y - p.y);
      };
      for (let i = 0; i < 20000; i++) {
        const t = (2 * Math.PI * i) / 20000;
        if (d(t) < bestD) [best, bestD] = [t, d(t)];
      }
      let [lo, hi] = [best - (2 * Math.PI) / 20000, best + (2 * Math.PI) / 20000];
      for (let i = 0; i < 100; i++) {
        const a = hi - (hi - lo) * 0.618;
        const b = lo + (hi - lo) * 0.618;
        if (d(a) < d(b)) hi = b;
        else lo = a;
      }
      expect(Math.abs(ellipseDistance(e, p) - d((lo + hi) / 2))).toBeLessThan(1e-6);
    }
  });

  it('gives the point at a parameter angle, rotation turning clockwise on screen', () => {
    const p = ellipsePoint({ center, rx: 100, ry: 50, rotation: Math.PI / 2 }, 0);
    expect(p.x).toBeCloseTo(center.x, 9);
    expect(p.y).toBeCloseTo(center.y + 100, 9);
    const q = ellipsePoint({ center, rx: 100, ry: 50, rotation: 0 }, Math.PI / 2);
    expect(q.x).toBeCloseTo(center.x, 9);
    expect(q.y).toBeCloseTo(center.y + 50, 9);
  });
});
