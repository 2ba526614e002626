import { describe, expect, it } from 'vitest';
import { formats, toDxf, toEps, toPdf, toSvg } from '../src/export/index.js';
import { scenes } from './helpers/shapes.js';

describe('formats', () => {
  it('has one row per format, each writing what its own exporter writes', () => {
    expect(formats.map((f) => [f.name, f.extension, f.mimeType])).toEqual([
      ['svg', '.svg', 'image/svg+xml'],
      ['eps', '.eps', 'application/postscript'],
      ['pdf', '.pdf', 'application/pdf'],
      ['dxf', '.dxf', 'image/vnd.dxf'],
    ]);
    const model = scenes.twoColors;
    const byName = Object.fromEntries(formats.map((f) => [f.name, f.write(model)]));
    expect(byName).toEqual({ svg: toSvg(model), eps: toEps(model), pdf: toPdf(model), dxf: toDxf(model) });
  });

  it('writes text for SVG, EPS and DXF and bytes for PDF', () => {
    const kinds = formats.map((f) =>
      f.write(scenes.square) instanceof Uint8Array ? 'bytes' : typeof f.write(scenes.square),
    );
    expect(kinds).toEqual(['string', 'string', 'bytes', 'string']);
  });

  it('writes a valid empty document for a model with no layers', () => {
    const empty = { width: 10, height: 10, layers: [], vectorCount: 0, timings: {} };
    expect(toSvg(empty)).not.toContain('<path');
    expect(toEps(empty)).toContain('%%EOF');
    expect(new TextDecoder().decode(toPdf(empty))).toContain('%%EOF');
    expect(toDxf(empty)).not.toContain('LWPOLYLINE');
  });
});
