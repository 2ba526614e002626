import { describe, expect, it } from 'vitest';
import { defaultPngResolution, fitCentered, pngResolutions } from '../src/lib/png-export';

describe('PNG export', () => {
  it('offers 512 Web, 1024 HD (default), 2048 Print and 4096 Ultra HD', () => {
    expect(pngResolutions.map((r) => `${r.size} ${r.label}`)).toEqual([
      '512 Web',
      '1024 HD',
      '2048 Print',
      '4096 Ultra HD',
    ]);
    expect(defaultPngResolution).toBe(1024);
  });

  it('scales the vector to fit the square and centers it', () => {
    expect(fitCentered(200, 100, 1024)).toEqual({ x: 0, y: 256, width: 1024, height: 512 });
    expect(fitCentered(50, 100, 512)).toEqual({ x: 128, y: 0, width: 256, height: 512 });
    expect(fitCentered(10, 10, 4096)).toEqual({ x: 0, y: 0, width: 4096, height: 4096 });
  });
});
