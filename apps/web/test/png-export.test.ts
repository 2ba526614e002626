import { describe, expect, it } from 'vitest';
import {
  defaultPngResolution,
  MAX_PNG_SIDE,
  pngResolutions,
  pngSizeFor,
  pngWidthProblem,
} from '../src/lib/png-export';

describe('PNG export', () => {
  it('offers widths of 512 Web, 1024 HD (default), 2048 Print and 4096 Ultra HD', () => {
    expect(pngResolutions.map((r) => `${r.size} ${r.label}`)).toEqual([
      '512 Web',
      '1024 HD',
      '2048 Print',
      '4096 Ultra HD',
    ]);
    expect(defaultPngResolution).toBe(1024);
  });

  it('keeps the picture’s own proportions at the chosen width', () => {
    expect(pngSizeFor(1024, { width: 200, height: 100 })).toEqual({ width: 1024, height: 512 });
    expect(pngSizeFor(512, { width: 50, height: 100 })).toEqual({ width: 512, height: 1024 });
    expect(pngSizeFor(4096, { width: 10, height: 10 })).toEqual({ width: 4096, height: 4096 });
    // Heights are whole pixels, never zero.
    expect(pngSizeFor(1000, { width: 3, height: 1 })).toEqual({ width: 1000, height: 333 });
    expect(pngSizeFor(100, { width: 1000, height: 1 })).toEqual({ width: 100, height: 1 });
  });

  it('holds the longest side to 8192 pixels, scaling a tall picture down as a whole', () => {
    expect(MAX_PNG_SIDE).toBe(8192);
    expect(pngSizeFor(8192, { width: 100, height: 50 })).toEqual({ width: 8192, height: 4096 });
    expect(pngSizeFor(4096, { width: 100, height: 400 })).toEqual({ width: 2048, height: 8192 });
    expect(pngSizeFor(20_000, { width: 1, height: 1 })).toEqual({ width: 8192, height: 8192 });
  });

  it('takes a typed width of whole pixels from 1 to 8192', () => {
    expect(pngWidthProblem('3000')).toBeNull();
    expect(pngWidthProblem('1')).toBeNull();
    expect(pngWidthProblem('8192')).toBeNull();
    for (const typed of ['', '0', '-5', '8193', '12.5', 'wide']) {
      expect(pngWidthProblem(typed), typed).toBe('Width must be a whole number of pixels from 1 to 8192');
    }
  });
});
