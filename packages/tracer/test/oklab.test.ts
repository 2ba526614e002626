import { describe, expect, it } from 'vitest';
import { srgbToLinear, srgbToLinearLut, srgbToOklab } from '../src/color/oklab.js';

function oklab(r: number, g: number, b: number): number[] {
  const out = new Float64Array(3);
  srgbToOklab(r, g, b, out);
  return [...out];
}

describe('OKLab conversion', () => {
  it('maps the sRGB curve end points and mid-gray to linear light', () => {
    expect(srgbToLinearLut[0]).toBe(0);
    expect(srgbToLinearLut[255]).toBe(1);
    expect(srgbToLinearLut[128]).toBeCloseTo(0.2158605, 6);
    expect(srgbToLinearLut[10]).toBeCloseTo(10 / 255 / 12.92, 9);
  });

  it('interpolates fractional channel values between table entries', () => {
    const exact = ((127.5 / 255 + 0.055) / 1.055) ** 2.4;
    expect(srgbToLinear(127.5)).toBeCloseTo(exact, 5);
  });

  it('gives white L = 1 and black L = 0, both without chroma', () => {
    const [L, a, b] = oklab(255, 255, 255);
    expect(L).toBeCloseTo(1, 4);
    expect(a).toBeCloseTo(0, 4);
    expect(b).toBeCloseTo(0, 4);
    expect(oklab(0, 0, 0)).toEqual([0, 0, 0]);
  });

  it('matches the published OKLab values of the sRGB primaries', () => {
    const close = (got: number[], want: number[]) => {
      for (const [i, v] of got.entries()) expect(v).toBeCloseTo(want[i], 3);
    };
    close(oklab(255, 0, 0), [0.62796, 0.22486, 0.12585]);
    close(oklab(0, 255, 0), [0.86644, -0.23389, 0.1795]);
    close(oklab(0, 0, 255), [0.45201, -0.03246, -0.31153]);
  });
});
