import type { Color } from '../model.js';

/**
 * The AutoCAD Color Index palette, 1-255 (index 0 unused). Indices 10-249 are 24 hues 15 degrees
 * apart, each at five brightnesses (255, 204, 153, 127, 76), in full and half saturation; within
 * 1 of Autodesk's table in every channel, which is all a nearest-color fallback needs.
 */
const PALETTE: Color[] = (() => {
  const fixedColors = [
    '000000',
    'ff0000',
    'ffff00',
    '00ff00',
    '00ffff',
    '0000ff',
    'ff00ff',
    'ffffff',
    '808080',
    'c0c0c0',
  ];
  const palette = fixedColors.map((hex) => {
    const v = Number.parseInt(hex, 16);
    return { r: v >> 16, g: (v >> 8) & 255, b: v & 255 };
  });
  const levels = [255, 204, 153, 127, 76];
  for (let i = 10; i < 250; i++) {
    const hue = Math.floor((i - 10) / 10) * 15;
    const value = levels[Math.floor(((i - 10) % 10) / 2)];
    palette.push(hsv(hue, i % 2 === 0 ? 1 : 0.5, value));
  }
  for (const gray of [51, 91, 132, 173, 214, 255]) palette.push({ r: gray, g: gray, b: gray });
  return palette;
})();

function hsv(hue: number, saturation: number, value: number): Color {
  const channel = (n: number) => {
    const k = (n + hue / 60) % 6;
    return Math.round(value * (1 - saturation * Math.max(0, Math.min(k, 4 - k, 1))));
  };
  return { r: channel(5), g: channel(3), b: channel(1) };
}

/** The palette entry of an AutoCAD Color Index, 1-255. */
export function aciColor(index: number): Color {
  return PALETTE[index];
}

/** The AutoCAD Color Index (1-255) nearest to a color, for readers that ignore true color. */
export function nearestAci({ r, g, b }: Color): number {
  let best = 1;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = 1; i < 256; i++) {
    const p = PALETTE[i];
    let d = (p.r - r) ** 2 + (p.g - g) ** 2 + (p.b - b) ** 2;
    // CAD draws 7 black on a light background and white on a dark one: it stands for both.
    if (i === 7) d = Math.min(d, r * r + g * g + b * b);
    if (d < bestDistance) {
      best = i;
      bestDistance = d;
    }
  }
  return best;
}
