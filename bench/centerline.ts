/**
 * Centerline mode against strokes of known middle: lines, curves, T and X junctions, circles,
 * corners, stroke-drawn letters and light hatching, at widths 2 to 12 px, rendered with resvg and
 * traced with the product's defaults (`mode: 'centerline'`). Prints a markdown section for
 * bench/RESULTS.md. Run: npx tsx bench/centerline.ts
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { Resvg } from '@resvg/resvg-js';
import { flattenSubpath } from '../packages/tracer/src/export/flatten.js';
import { toSvg } from '../packages/tracer/src/export/svg.js';
import type { Point, VectorImage } from '../packages/tracer/src/model.js';
import { trace } from '../packages/tracer/src/trace.js';

type Poly = Point[];

/** A drawing of known strokes: what it renders, and where the middle of its strokes truly runs. */
interface Case {
  name: string;
  width: number;
  size: number;
  svg: string;
  /** The true centerlines, densely sampled. */
  lines: Poly[];
  /** Where strokes end (not at a junction). */
  ends: Point[];
  /** Where strokes meet. */
  junctions: Point[];
  /** How many paths a person drawing it would draw (NaN: no truth, as for a font's glyphs). */
  count: number;
  /** Turns the clean render into a scan: blur, gray paper, grain. */
  scan?: boolean;
  /** Font files the SVG's text needs. */
  fonts?: string[];
}

const p = (x: number, y: number): Point => ({ x, y });

/** A polyline sampled every 0.25 px. */
function dense(points: Point[]): Poly {
  const out: Poly = [points[0]];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const n = Math.max(1, Math.ceil(Math.sqrt((b.x - a.x) ** 2 + (b.y - a.y) ** 2) / 0.25));
    for (let k = 1; k <= n; k++) out.push(p(a.x + ((b.x - a.x) * k) / n, a.y + ((b.y - a.y) * k) / n));
  }
  return out;
}

function cubic(a: Point, b: Point, c: Point, d: Point): Poly {
  const out: Poly = [];
  for (let k = 0; k <= 2000; k++) {
    const t = k / 2000;
    const s = 1 - t;
    out.push(
      p(
        s * s * s * a.x + 3 * s * s * t * b.x + 3 * s * t * t * c.x + t * t * t * d.x,
        s * s * s * a.y + 3 * s * s * t * b.y + 3 * s * t * t * c.y + t * t * t * d.y,
      ),
    );
  }
  return out;
}

function circle(cx: number, cy: number, r: number): Poly {
  const n = Math.ceil((2 * Math.PI * r) / 0.25);
  const out: Poly = [];
  for (let k = 0; k <= n; k++)
    out.push(p(cx + r * Math.cos((2 * Math.PI * k) / n), cy + r * Math.sin((2 * Math.PI * k) / n)));
  return out;
}

function arc(cx: number, cy: number, r: number, from: number, to: number): Poly {
  const n = Math.ceil((Math.abs(to - from) * r) / 0.25);
  const out: Poly = [];
  for (let k = 0; k <= n; k++) {
    const a = from + ((to - from) * k) / n;
    out.push(p(cx + r * Math.cos(a), cy + r * Math.sin(a)));
  }
  return out;
}

const d = (pts: Point[]) => `M${pts.map((q) => `${q.x} ${q.y}`).join('L')}`;
const stroke = (path: string, w: number, color = '#000') =>
  `<path d="${path}" fill="none" stroke="${color}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;

/** Strokes as polylines: each one drawn, sampled, its ends listed unless they lie on another stroke. */
function polylines(
  name: string,
  w: number,
  size: number,
  strokes: Point[][],
  junctions: Point[],
  count = strokes.length,
): Case {
  const ends: Point[] = [];
  for (const s of strokes) {
    for (const e of [s[0], s[s.length - 1]]) {
      if (!junctions.some((j) => Math.abs(j.x - e.x) < 1e-9 && Math.abs(j.y - e.y) < 1e-9)) ends.push(e);
    }
  }
  return {
    name,
    width: w,
    size,
    svg: strokes.map((s) => stroke(d(s), w)).join(''),
    lines: strokes.map(dense),
    ends,
    junctions,
    count,
  };
}

function cases(w: number): Case[] {
  const S = 200;
  const list: Case[] = [
    polylines(
      'lines',
      w,
      S,
      [
        [p(20.3, 30.4), p(180.6, 30.4)],
        [p(20, 70), p(180, 118)],
        [p(40.2, 140), p(70.7, 185)],
        [p(120.5, 140), p(120.5, 188)],
      ],
      [],
    ),
    {
      name: 'curve',
      width: w,
      size: S,
      svg: stroke('M20 160C50 10 150 10 180 160', w),
      lines: [cubic(p(20, 160), p(50, 10), p(150, 10), p(180, 160))],
      ends: [p(20, 160), p(180, 160)],
      junctions: [],
      count: 1,
    },
    polylines(
      'T',
      w,
      S,
      [
        [p(30, 50), p(170, 50)],
        [p(100, 50), p(100, 175)],
      ],
      [p(100, 50)],
    ),
    polylines(
      'X',
      w,
      S,
      [
        [p(30, 30), p(170, 170)],
        [p(30, 170), p(170, 30)],
      ],
      [p(100, 100)],
    ),
    // A y: one long diagonal, and a short arm that stops on it.
    polylines(
      'y',
      w,
      S,
      [
        [p(160, 30), p(60, 180)],
        [p(50, 35), p(110, 105)],
      ],
      [p(110, 105)],
    ),
    {
      name: 'circle',
      width: w,
      size: S,
      svg: `<circle cx="100" cy="100" r="62.5" fill="none" stroke="#000" stroke-width="${w}"/>`,
      lines: [circle(100, 100, 62.5)],
      ends: [],
      junctions: [],
      count: 1,
    },
    polylines('zigzag', w, S, [[p(20, 170), p(60, 30), p(100, 170), p(140, 30), p(180, 170)]], []),
    // Two strokes crossing at 30 degrees, and three at one point.
    polylines(
      'shallow X',
      w,
      S,
      [
        [p(20, 80), p(180, 123)],
        [p(20, 123), p(180, 80)],
      ],
      [p(100, 101.5)],
    ),
    polylines(
      'asterisk',
      w,
      S,
      [
        [p(100, 25), p(100, 175)],
        [p(35, 62.5), p(165, 137.5)],
        [p(35, 137.5), p(165, 62.5)],
      ],
      [p(100, 100)],
    ),
    circleCross(w),
    loops(w),
  ];
  return list;
}

/** A circle with a cross through it (⊕): the lines end on the circle's far side, beyond it. */
function circleCross(w: number): Case {
  const c = p(100, 100);
  const r = 60;
  const strokes = [
    [p(20, 100), p(180, 100)],
    [p(100, 20), p(100, 180)],
  ];
  return {
    name: 'circle+cross',
    width: w,
    size: 200,
    svg: `<circle cx="${c.x}" cy="${c.y}" r="${r}" fill="none" stroke="#000" stroke-width="${w}"/>${strokes.map((q) => stroke(d(q), w)).join('')}`,
    lines: [circle(c.x, c.y, r), ...strokes.map(dense)],
    ends: strokes.flat(),
    junctions: [p(40, 100), p(160, 100), p(100, 40), p(100, 160), c],
    count: 3,
  };
}

/** Cursive loops (a prolate trochoid): one stroke crossing itself four times. */
function loops(w: number): Case {
  const pts: Point[] = [];
  const a = 14;
  const b = 38;
  for (let k = 0; k <= 4000; k++) {
    const t = -Math.PI / 2 + (k / 4000) * (4 * 2 * Math.PI + Math.PI);
    pts.push(p(30 + a * t - b * Math.sin(t) + 20, 100 - b * Math.cos(t)));
  }
  const ts: number[] = [];
  // Crossings: where the curve meets itself, found from the sampled points.
  const junctions: Point[] = [];
  for (let i = 0; i < pts.length; i += 4) {
    for (let j = i + 200; j < pts.length; j += 4) {
      if (Math.abs(pts[i].x - pts[j].x) < 0.3 && Math.abs(pts[i].y - pts[j].y) < 0.3) {
        if (!junctions.some((q) => Math.abs(q.x - pts[i].x) < 3 && Math.abs(q.y - pts[i].y) < 3))
          junctions.push(pts[i]);
      }
    }
  }
  void ts;
  const size = Math.ceil(Math.max(...pts.map((q) => q.x)) + 20);
  return {
    name: 'loops',
    width: w,
    size,
    svg: stroke(d(pts.filter((_, i) => i % 4 === 0)), w),
    lines: [pts],
    ends: [pts[0], pts[pts.length - 1]],
    junctions,
    count: 1,
  };
}

/** Stroke-drawn letters (H, E, T, o, c, k, A), `h` px high. */
function letters(w: number, h: number): Case {
  const strokes: Point[][] = [];
  const curves: Poly[] = [];
  const junctions: Point[] = [];
  const ends: Point[] = [];
  let svg = '';
  let count = 0;
  const gap = h * 0.45;
  let x = 10;
  const top = 10.5;
  const base = top + h;
  const mid = top + h / 2;
  const add = (pts: Point[], joins: Point[] = []) => {
    strokes.push(pts);
    for (const e of [pts[0], pts[pts.length - 1]])
      if (!joins.some((j) => j.x === e.x && j.y === e.y)) ends.push(e);
    junctions.push(...joins);
    count++;
  };
  const lw = h * 0.55;
  // H
  add([p(x, top), p(x, base)]);
  add([p(x + lw, top), p(x + lw, base)]);
  add([p(x, mid), p(x + lw, mid)], [p(x, mid), p(x + lw, mid)]);
  x += lw + gap;
  // E
  add([p(x + lw, top), p(x, top), p(x, base), p(x + lw, base)]);
  add([p(x, mid), p(x + lw * 0.8, mid)], [p(x, mid)]);
  x += lw + gap;
  // T
  add([p(x, top), p(x + lw, top)]);
  add([p(x + lw / 2, top), p(x + lw / 2, base)], [p(x + lw / 2, top)]);
  x += lw + gap;
  // A
  const apex = p(x + lw / 2, top);
  add([p(x, base), apex, p(x + lw, base)]);
  const t = 0.6;
  const l = p(x + (lw / 2) * (1 - t), top + h * t);
  const r = p(x + lw - (lw / 2) * (1 - t), top + h * t);
  add([l, r], [l, r]);
  x += lw + gap;
  // k
  add([p(x, top), p(x, base)]);
  const kj = p(x, top + h * 0.62);
  add([p(x + lw, top + h * 0.3), kj], [kj]);
  // (the lower leg starts on the upper arm)
  const arm = p(x + lw, top + h * 0.3);
  const kl = p(kj.x + 0.35 * (arm.x - kj.x), kj.y + 0.35 * (arm.y - kj.y));
  add([kl, p(x + lw, base)], [kl]);
  x += lw + gap;
  svg += strokes.map((s) => stroke(d(s), w)).join('');
  // o
  const rr = h * 0.3;
  const oc = p(x + rr, base - rr);
  svg += `<circle cx="${oc.x}" cy="${oc.y}" r="${rr}" fill="none" stroke="#000" stroke-width="${w}"/>`;
  curves.push(circle(oc.x, oc.y, rr));
  count++;
  x += 2 * rr + gap;
  // c: an arc open to the right, from its upper end round through the top, left and bottom
  const cc = p(x + rr, base - rr);
  const c = arc(cc.x, cc.y, rr, -Math.PI / 4, (-7 * Math.PI) / 4);
  const [c0, c1] = [c[0], c[c.length - 1]];
  svg += stroke(`M${c0.x} ${c0.y}A${rr} ${rr} 0 1 0 ${c1.x} ${c1.y}`, w);
  curves.push(c);
  ends.push(c0, c1);
  count++;
  x += 2 * rr + gap;
  const size = Math.ceil(x + 10);
  return {
    name: `letters ${h} px`,
    width: w,
    size: Math.max(size, Math.ceil(base + 12)),
    svg,
    lines: [...strokes.map(dense), ...curves],
    ends,
    junctions,
    count,
  };
}

/** A black square outline with light gray hatching inside it, not touching it. */
function hatching(w: number, gray: string): Case {
  const S = 200;
  const strokes: Point[][] = [];
  const lines: Poly[] = [];
  let svg = stroke('M20 20H180V180H20Z', w);
  lines.push(dense([p(20, 20), p(180, 20), p(180, 180), p(20, 180), p(20, 20)]));
  const ends: Point[] = [];
  for (let k = 0; k < 12; k++) {
    const o = 40 + k * 10;
    const a = p(40, o);
    const b = p(o, 40);
    if (o - 40 < 10) continue;
    strokes.push([a, b]);
    ends.push(a, b);
  }
  svg += strokes.map((s) => stroke(d(s), 1.5, gray)).join('');
  lines.push(...strokes.map(dense));
  return {
    name: `hatching ${gray}`,
    width: w,
    size: S,
    svg,
    lines,
    ends,
    junctions: [],
    count: 1 + strokes.length,
  };
}

/** Supersampling: resvg places edges on a quarter-pixel grid, rendered this much larger and averaged, area-exact. */
const SUPER = 4;

/** An opaque RGBA raster of the case, each pixel the mean of SUPER x SUPER rendered ones. */
/** Light gray hatching crossing a dark line: each gray line goes through it as one stroke. */
function crossHatch(gray: string): Case {
  const strokes: Point[][] = [];
  const junctions: Point[] = [];
  for (let k = 0; k < 10; k++) {
    const x = 30 + 15 * k;
    strokes.push([p(x, 125), p(x + 29, 75)]);
    junctions.push(p(x + 14.5, 100));
  }
  const line = [p(15, 100), p(185, 100)];
  return {
    name: `hatching ${gray} across a line`,
    width: 2.5,
    size: 200,
    // The dark line over the light ones, as ink lies on paper.
    svg: strokes.map((q) => stroke(d(q), 1.2, gray)).join('') + stroke(d(line), 2.5),
    lines: [dense(line), ...strokes.map(dense)],
    ends: [...line, ...strokes.flat()],
    junctions,
    count: 11,
  };
}

function render(c: Case): { width: number; height: number; data: Uint8Array } {
  const clean = renderSvg(c.svg, c.size, c.size, c.fonts);
  return c.scan ? scanned(clean) : clean;
}

function renderSvg(
  body: string,
  width: number,
  height: number,
  fonts: string[] = [],
): { width: number; height: number; data: Uint8Array } {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
  const big = new Resvg(svg, {
    background: 'white',
    fitTo: { mode: 'width', value: width * SUPER },
    font: {
      loadSystemFonts: false,
      fontFiles: fonts,
      defaultFontFamily: fonts.length > 0 ? 'DejaVu Sans' : '',
    },
  }).render();
  const src = big.pixels;
  const bw = big.width;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let ch = 0; ch < 4; ch++) {
        let sum = 0;
        for (let j = 0; j < SUPER; j++) {
          for (let i = 0; i < SUPER; i++) sum += src[((y * SUPER + j) * bw + x * SUPER + i) * 4 + ch];
        }
        data[(y * width + x) * 4 + ch] = Math.round(sum / (SUPER * SUPER));
      }
    }
  }
  return { width, height, data };
}

/**
 * A scan of a clean render: blurred (3x3), the paper a light gray (235) and the ink not quite
 * black (25), with grain (about 8 levels, the same every run).
 */
function scanned(image: { width: number; height: number; data: Uint8Array }) {
  const { width: w, height: h, data } = image;
  const out = new Uint8Array(data.length);
  let seed = 99;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      let n = 0;
      for (let j = -1; j <= 1; j++) {
        for (let i = -1; i <= 1; i++) {
          const xx = Math.min(w - 1, Math.max(0, x + i));
          const yy = Math.min(h - 1, Math.max(0, y + j));
          sum += data[(yy * w + xx) * 4] * (i === 0 && j === 0 ? 4 : i === 0 || j === 0 ? 2 : 1);
          n += i === 0 && j === 0 ? 4 : i === 0 || j === 0 ? 2 : 1;
        }
      }
      const v = 25 + ((sum / n) * (235 - 25)) / 255 + (rand() + rand() + rand() - 1.5) * 14;
      const o = (y * w + x) * 4;
      out[o] = out[o + 1] = out[o + 2] = Math.max(0, Math.min(255, Math.round(v)));
      out[o + 3] = 255;
    }
  }
  return { width: w, height: h, data: out };
}

/** A brush stroke: a wave whose width swells from 2 to 9 px and back, drawn as its outline. */
function brush(): Case {
  const n = 600;
  const center: Point[] = [];
  const left: Point[] = [];
  const right: Point[] = [];
  for (let k = 0; k <= n; k++) {
    const t = k / n;
    const x = 20 + 260 * t;
    const y = 100 + 45 * Math.sin(t * 2.5 * Math.PI);
    const dy = (45 * 2.5 * Math.PI * Math.cos(t * 2.5 * Math.PI)) / 260;
    const len = Math.sqrt(1 + dy * dy);
    const w = 2 + 7 * Math.sin(t * Math.PI);
    center.push(p(x, y));
    left.push(p(x + (dy / len) * (w / 2), y - (1 / len) * (w / 2)));
    right.push(p(x - (dy / len) * (w / 2), y + (1 / len) * (w / 2)));
  }
  const outline = [...left, ...right.reverse()];
  return {
    name: 'brush 2-9 px',
    width: 9,
    size: 300,
    svg: `<path d="${d(outline)}Z" fill="#000"/>`,
    lines: [center],
    ends: [center[0], center[center.length - 1]],
    junctions: [],
    count: 1,
  };
}

/** Text in a real font (DejaVu Sans), if the machine has it: no true centerline, so only IoU and counts. */
function text(size: number): Case | undefined {
  const font = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
  if (!existsSync(font)) return undefined;
  const words = 'Centerline 0123 gap&hatch';
  const width = Math.ceil(words.length * size * 0.62 + 20);
  return {
    name: `text ${size} px (DejaVu Sans)`,
    width: Math.max(1, Math.round(size / 11)),
    size: width,
    svg: `<text x="10" y="${10 + size}" font-family="DejaVu Sans" font-size="${size}">${words.replace('&', '&amp;')}</text>`,
    lines: [],
    ends: [],
    junctions: [],
    count: Number.NaN,
    fonts: [font],
  };
}

/** The distance from q to the nearest point of the polylines (a grid of their segments' boxes). */
class Nearest {
  private cells = new Map<number, [Point, Point][]>();
  constructor(
    polys: Poly[],
    private readonly cell = 4,
  ) {
    for (const poly of polys) {
      for (let i = 1; i < poly.length; i++) {
        const a = poly[i - 1];
        const b = poly[i];
        const x0 = Math.floor(Math.min(a.x, b.x) / cell);
        const x1 = Math.floor(Math.max(a.x, b.x) / cell);
        const y0 = Math.floor(Math.min(a.y, b.y) / cell);
        const y1 = Math.floor(Math.max(a.y, b.y) / cell);
        for (let x = x0; x <= x1; x++) {
          for (let y = y0; y <= y1; y++) {
            const key = x * 65536 + y;
            const list = this.cells.get(key);
            if (list) list.push([a, b]);
            else this.cells.set(key, [[a, b]]);
          }
        }
      }
    }
  }

  distance(q: Point, limit = 64): number {
    const cx = Math.floor(q.x / this.cell);
    const cy = Math.floor(q.y / this.cell);
    let best = Number.POSITIVE_INFINITY;
    for (let ring = 0; ring * this.cell <= limit; ring++) {
      for (let x = cx - ring; x <= cx + ring; x++) {
        for (let y = cy - ring; y <= cy + ring; y++) {
          if (Math.max(Math.abs(x - cx), Math.abs(y - cy)) !== ring) continue;
          for (const [a, b] of this.cells.get(x * 65536 + y) ?? []) best = Math.min(best, toSegment(q, a, b));
        }
      }
      if (best <= ring * this.cell) break;
    }
    return best;
  }
}

function toSegment(q: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((q.x - a.x) * dx + (q.y - a.y) * dy) / len2));
  const ex = q.x - a.x - t * dx;
  const ey = q.y - a.y - t * dy;
  return Math.sqrt(ex * ex + ey * ey);
}

interface Scores {
  iou: number;
  segments: number;
  mean: number;
  max: number;
  paths: number;
  gaps: number;
  junctionEnds: number;
  covered: number;
  width: number;
  filled: number;
}

/** Scores a trace against its case's true centerlines, and its render against the image's ink. */
function score(
  c: Case,
  model: VectorImage,
  image: { width: number; height: number; data: Uint8Array },
): Scores {
  const strokes = model.layers.filter((l) => l.fill === false);
  const traced = strokes.flatMap((l) =>
    l.subpaths.map((s) => resample(flattenSubpath(s, 0.02), s.open === true)),
  );
  const truth = new Nearest(c.lines.length > 0 ? c.lines : [[p(-1e6, -1e6), p(-1e6, -1e6)]]);
  let sum = 0;
  let count = 0;
  let max = 0;
  for (const poly of traced) {
    for (const q of poly) {
      const dist = truth.distance(q);
      sum += dist;
      count++;
      const nearEnd = c.ends.some((e) => Math.sqrt((e.x - q.x) ** 2 + (e.y - q.y) ** 2) <= 2);
      if (!nearEnd) max = Math.max(max, dist);
    }
  }
  // Junction gaps: every traced path end near a junction must lie on another path.
  let gaps = 0;
  let junctionEnds = 0;
  const near = traced.map((poly) => new Nearest([poly]));
  for (let i = 0; i < traced.length; i++) {
    const poly = traced[i];
    const open = strokes.flatMap((l) => l.subpaths).map((s) => s.open === true)[i];
    if (!open) continue;
    for (const e of [poly[0], poly[poly.length - 1]]) {
      // A path end at a junction: near one, and nearer to it than to any end of a stroke.
      const toJunction = Math.min(...c.junctions.map((j) => Math.sqrt((j.x - e.x) ** 2 + (j.y - e.y) ** 2)));
      const toEnd = Math.min(...c.ends.map((j) => Math.sqrt((j.x - e.x) ** 2 + (j.y - e.y) ** 2)));
      if (!(toJunction <= c.width + 2 && toJunction < toEnd)) continue;
      junctionEnds++;
      let best = Number.POSITIVE_INFINITY;
      for (let k = 0; k < traced.length; k++) if (k !== i) best = Math.min(best, near[k].distance(e, 8));
      if (best > 0.5) gaps++;
    }
  }
  // Coverage: the share of the true centerline (away from its ends) within a stroke's half width of the trace.
  const all = new Nearest(traced);
  let covered = 0;
  let total = 0;
  for (const line of c.lines) {
    for (let k = 0; k < line.length; k += 4) {
      const q = line[k];
      if (c.ends.some((e) => Math.sqrt((e.x - q.x) ** 2 + (e.y - q.y) ** 2) <= c.width / 2 + 1)) continue;
      total++;
      if (all.distance(q, 16) <= Math.max(1, c.width / 2)) covered++;
    }
  }
  return {
    iou: inkIou(image, toSvg(model)),
    segments: strokes.reduce((n, l) => n + l.subpaths.reduce((m, sp) => m + sp.segments.length, 0), 0),
    mean: count > 0 && c.lines.length > 0 ? sum / count : Number.NaN,
    max,
    paths: traced.length,
    gaps,
    junctionEnds,
    covered: total > 0 ? covered / total : 1,
    width: strokes.length > 0 ? (strokes[0].stroke ?? Number.NaN) : Number.NaN,
    filled: model.layers.filter((l) => l.fill !== false).reduce((n, l) => n + l.subpaths.length, 0),
  };
}

/**
 * Intersection over union of the ink of the image and of the traced SVG's render, pixel by pixel
 * as coverage (darkness 0 to 1, so that anti-aliased edges count for what they cover).
 */
function inkIou(image: { width: number; height: number; data: Uint8Array }, svg: string): number {
  const traced = new Resvg(svg, { background: 'white', font: { loadSystemFonts: false } }).render().pixels;
  const ink = (px: Uint8Array | Buffer, i: number) =>
    1 - (0.2126 * px[i * 4] + 0.7152 * px[i * 4 + 1] + 0.0722 * px[i * 4 + 2]) / 255;
  let both = 0;
  let either = 0;
  for (let i = 0; i < image.width * image.height; i++) {
    const a = ink(image.data, i);
    const b = ink(traced, i);
    both += Math.min(a, b);
    either += Math.max(a, b);
  }
  return either > 0 ? both / either : 1;
}

/** A polyline with points every 0.5 px at most. */
function resample(points: Point[], open: boolean): Point[] {
  const pts = open ? points : [...points, points[0]];
  return dense(pts).filter((_, i) => i % 2 === 0);
}

function main() {
  const all: Case[] = [];
  for (const w of [2, 3, 5, 8, 12]) all.push(...cases(w));
  all.push(letters(2, 20), letters(1.5, 14), letters(3, 30), letters(5, 50));
  all.push(
    hatching(2, '#000'),
    hatching(2, '#aaa'),
    hatching(2, '#ccc'),
    crossHatch('#999'),
    crossHatch('#ccc'),
  );
  // Scans of some of them: blurred, on gray paper, with grain.
  for (const c of [
    ...cases(3).filter((k) => ['curve', 'T', 'X', 'circle'].includes(k.name)),
    letters(3, 30),
  ]) {
    all.push({ ...c, name: `${c.name} (scan)`, scan: true });
  }
  all.push(brush());
  for (const size of [14, 24, 48]) {
    const t = text(size);
    if (t) all.push(t);
  }
  const rows: string[] = [];
  const meets = { mean: 0, max: 0, gaps: 0, count: 0 };
  let measured = 0;
  let totalMs = 0;
  for (const c of all) {
    const image = render(c);
    let ms = Number.POSITIVE_INFINITY;
    let model: VectorImage | undefined;
    for (let k = 0; k < 3; k++) {
      const start = performance.now();
      model = trace(image, { mode: 'centerline' });
      ms = Math.min(ms, performance.now() - start);
    }
    totalMs += ms;
    const s = score(c, model!, c.scan ? renderSvg(c.svg, c.size, c.size, c.fonts) : image);
    const known = c.lines.length > 0;
    if (known) {
      measured++;
      if (s.mean <= 0.5) meets.mean++;
      if (s.max <= 2) meets.max++;
      if (s.gaps === 0) meets.gaps++;
      if (s.paths === c.count) meets.count++;
    }
    const dash = (v: string) => (known ? v : '—');
    rows.push(
      `| ${c.name} | ${c.width} | ${dash(s.mean.toFixed(3))} | ${dash(s.max.toFixed(2))} | ${s.paths} / ${dash(String(c.count))} | ${dash(`${s.gaps} of ${s.junctionEnds}`)} | ${dash(`${(100 * s.covered).toFixed(1)}%`)} | ${s.width.toFixed(2)} | ${s.filled} | ${s.segments} | ${s.iou.toFixed(3)} | ${ms.toFixed(1)} |`,
    );
  }
  const page = pageTiming();
  const autotrace = which('autotrace');
  const n = measured;
  const out = [
    '## Centerline mode',
    '',
    `\`npx tsx bench/centerline.ts\`, ${new Date().toISOString().slice(0, 10)} (${os.cpus()[0]?.model.trim() ?? 'cpu'}, ${os.cpus().length} cores). Known strokes rendered with resvg (round caps and joins), traced with the defaults and \`mode: 'centerline'\`. Distances are from the traced paths (flattened, every 0.5 px) to the true centerline: mean over all points, max leaving out points within 2 px of a stroke's end. A junction gap is a traced path end near a junction that is more than 0.5 px from every other path. Coverage: the share of the true centerline (away from its ends) within half a stroke width (at least 1 px) of a traced path. Width: the first stroke layer's width (true width in the second column; hatching lines are 1.5 px). Segments: the stroked paths' segments. IoU: the ink of the traced SVG's render against the drawing's (for the scans, the clean drawing's), as coverage (1 is the same picture; the traced strokes are black, so gray hatching scores low).`,
    '',
    '| case | width px | mean px | max px | paths / true | junction gaps | coverage | traced width | filled | segments | IoU | ms |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Targets: mean <= 0.5 px on ${meets.mean} of ${n}; max <= 2 px on ${meets.max} of ${n}; no junction gap on ${meets.gaps} of ${n}; path count equal to the true count on ${meets.count} of ${n}. Total ${totalMs.toFixed(0)} ms for ${all.length} images.`,
    '',
    `A 2000x2000 page of line art (${page.strokes} strokes: random curves 3 px wide crossing each other, and gray hatching 1.5 px wide): ${page.ms.toFixed(0)} ms (fastest of 3, in process), ${page.paths} paths.`,
    '',
    autotrace
      ? `autotrace found at ${autotrace}: see the comparison above.`
      : 'autotrace (`autotrace -centerline`) is not installed on this machine (`which autotrace` finds nothing), so it is not compared here.',
  ];
  console.log(out.join('\n'));
}

/** Times a large page of mixed strokes. */
function pageTiming(): { ms: number; paths: number; strokes: number } {
  const parts: string[] = [];
  let strokes = 0;
  let seed = 12345;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let k = 0; k < 400; k++) {
    const x = 40 + rand() * 1900;
    const y = 40 + rand() * 1900;
    const a = rand() * Math.PI * 2;
    const l = 30 + rand() * 200;
    const cx = x + Math.cos(a) * l * 0.5 + (rand() - 0.5) * 60;
    const cy = y + Math.sin(a) * l * 0.5 + (rand() - 0.5) * 60;
    parts.push(stroke(`M${x} ${y}Q${cx} ${cy} ${x + Math.cos(a) * l} ${y + Math.sin(a) * l}`, 3));
    strokes++;
  }
  for (let k = 0; k < 60; k++) parts.push(stroke(`M${100 + k * 30} 1700L${300 + k * 30} 1900`, 1.5, '#999'));
  strokes += 60;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000">${parts.join('')}</svg>`;
  const image = new Resvg(svg, { background: 'white', font: { loadSystemFonts: false } }).render();
  const raster = { width: image.width, height: image.height, data: new Uint8Array(image.pixels) };
  void renderSvg;
  let ms = Number.POSITIVE_INFINITY;
  let paths = 0;
  for (let k = 0; k < 3; k++) {
    const start = performance.now();
    const model = trace(raster, { mode: 'centerline' });
    ms = Math.min(ms, performance.now() - start);
    paths = model.vectorCount;
  }
  return { ms, paths, strokes };
}

function which(command: string): string | undefined {
  try {
    return execFileSync('which', [command], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

main();
