import { toSvg, trace } from '@vectrace/tracer';
import { describe, expect, it } from 'vitest';
import { decode, type Picture } from './support/pixels.js';

// The preview's drawing of a result, without a server: it runs once, on the embedded default.
describe('a result with gradients', () => {
  // A rectangle shaded blue to orange, left to right, on white: traced as one shape with a gradient.
  const [width, height] = [120, 80];
  const data = new Uint8Array(width * height * 4).fill(255);
  for (let y = 10; y < 70; y++) {
    for (let x = 10; x < 110; x++) {
      const t = (x - 10) / 99;
      data.set([30 + 220 * t, 60 + 120 * t, 200 - 180 * t, 255].map(Math.round), (y * width + x) * 4);
    }
  }
  const svg = toSvg(trace({ width, height, data }, { mode: 'color', gradients: true }));
  const at = (picture: Picture, x: number, y: number) => [
    ...picture.data.subarray((y * picture.width + x) * 4, (y * picture.width + x) * 4 + 4),
  ];

  it('draws the shading in the preview and in a region, and only the outline in the outline view', async () => {
    const { renderPreview } = await import('../dist/features/results/preview.js');
    const { renderRegion } = await import('../dist/features/results/preview-region.js');
    expect(svg).toContain('<linearGradient');
    const preview = await decode(Buffer.from(await renderPreview(Buffer.from(svg), null)));
    const scale = preview.width / width;
    // Within 12 levels of the input's color at (x, y), in every channel.
    const near = (picture: Picture, x: number, y: number, rgb: number[]) => {
      const drawn = at(picture, Math.round(x * scale), Math.round(y * scale));
      expect(Math.max(...rgb.map((v, c) => Math.abs(v - drawn[c])))).toBeLessThanOrEqual(12);
    };
    near(preview, 15, 40, [41, 66, 191]);
    near(preview, 60, 40, [141, 121, 109]);
    near(preview, 105, 40, [239, 174, 29]);
    const whole = { x: 0, y: 0, w: width, h: height, scale: 2 };
    const fill = await decode(Buffer.from(await renderRegion(svg, { ...whole, view: 'fill' }, null)));
    expect(at(fill, 30, 80)[2]).toBeGreaterThan(150);
    expect(at(fill, 200, 80)[2]).toBeLessThan(80);
    const outline = await decode(Buffer.from(await renderRegion(svg, { ...whole, view: 'outline' }, null)));
    // Inside the shape nothing is painted; its edge is drawn.
    expect(at(outline, 120, 80)[3]).toBe(0);
    expect(Math.max(...[19, 20, 21].map((x) => at(outline, x, 80)[3]))).toBeGreaterThan(100);
  });
});
