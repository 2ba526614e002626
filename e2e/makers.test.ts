import AxeBuilder from '@axe-core/playwright';
import type { Conversion } from '@vectrace/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { phone, screenshot } from './support/browser.js';
import { logoFile, uploadImage, waitForResult } from './support/converter.js';
import { downloadSvg } from './support/people.js';
import { open } from './support/routes.js';
import { useSite } from './support/site.js';
import { gone, visible } from './support/ui.js';

const site = useSite();

/** Opens Advanced and returns the makers' group in it. */
async function makersOptions(page: Page) {
  await page.getByText('Advanced', { exact: true }).click();
  return visible(page.getByRole('group', { name: 'For cutting, engraving and plotting' }));
}

/** Picks a choice in one of the settings' selects. */
async function choose(page: Page, setting: string, choice: string) {
  await page.getByRole('combobox', { name: setting, exact: true }).click();
  await page.getByRole('option', { name: choice, exact: true }).click();
}

/** The paths of an SVG, each as its attributes. */
function pathsOf(page: Page, svg: string) {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
    return [...doc.querySelectorAll('path')].map((path) =>
      Object.fromEntries([...path.attributes].filter((a) => a.name !== 'd').map((a) => [a.name, a.value])),
    );
  }, svg);
}

/** Line art: strokes 4 px wide on white (a wave and a cross), as a pen plotter would draw them. */
async function lineArtFile() {
  const [width, height] = [320, 240];
  const wave = Array.from({ length: 61 }, (_, i) => [30 + i * 4.4, 150 + 50 * Math.sin(i / 8)]);
  const lines = [
    ...wave.slice(1).map((to, i) => [wave[i], to]),
    [
      [40, 40],
      [140, 40],
    ],
    [
      [90, 20],
      [90, 100],
    ],
  ] as [number, number][][];
  const near = (x: number, y: number) =>
    lines.some(([[ax, ay], [bx, by]]) => {
      const t = Math.max(
        0,
        Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)),
      );
      return Math.hypot(x - ax - t * (bx - ax), y - ay - t * (by - ay)) <= 2;
    });
  const data = Buffer.alloc(width * height * 3, 255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (near(x + 0.5, y + 0.5)) data.fill(0, (y * width + x) * 3, (y * width + x) * 3 + 3);
  const buffer = await sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { name: 'lines.png', mimeType: 'image/png', buffer };
}

/** Red square and blue disc on white: flat colors, the blue overlapping the red. */
async function flatColorsFile() {
  const [width, height] = [300, 200];
  const data = Buffer.alloc(width * height * 3, 255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const disc = (x - 170) ** 2 + (y - 100) ** 2 < 55 ** 2;
      const square = x > 40 && x < 170 && y > 35 && y < 165;
      const color = disc ? [20, 40, 200] : square ? [220, 10, 30] : null;
      if (color) data.set(color, (y * width + x) * 3);
    }
  const buffer = await sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { name: 'flat-colors.png', mimeType: 'image/png', buffer };
}

/** Waits until the conversion has ended, and fails with its reason unless it completed. */
async function completed(page: Page, id: string): Promise<Conversion> {
  const read = async () => (await (await page.request.get(`/api/conversions/${id}`)).json()) as Conversion;
  await expect.poll(async () => (await read()).status, { timeout: 30_000 }).toMatch(/^(completed|failed)$/);
  const conversion = await read();
  expect(conversion.status, conversion.errorMessage ?? '').toBe('completed');
  await waitForResult(page);
  return conversion;
}

describe("the makers' options", () => {
  test('each is labelled under Advanced, and a sticker cut contour comes as a magenta path with id "cut"', async () => {
    const { page } = await site.newTab();
    await open(page, '/');
    // Set before the image: it is traced with them as soon as it is uploaded.
    const group = await makersOptions(page);

    // Auto may trace in color: the color options show, centerline's stroke width does not.
    for (const name of ['Trace', 'Background', 'Layering'])
      await visible(group.getByRole('combobox', { name, exact: true }));
    for (const name of ['Light lines on a dark ground', 'True shapes', 'Cut contour'])
      await visible(group.getByRole('switch', { name, exact: true }));
    // Beside them under Advanced, as color mode may be picked: gradients.
    await visible(page.getByRole('switch', { name: 'Smooth shading as gradients', exact: true }));
    const palette = group.getByRole('group', { name: 'Palette', exact: true });
    await visible(palette.getByRole('textbox', { name: 'Colors to add to the palette' }));
    await visible(palette.getByLabel('Pick a color to add'));
    expect(await group.getByRole('spinbutton', { name: 'Stroke width' }).count()).toBe(0);

    // A palette takes a typed list and gives a swatch per color, each removable.
    await palette.getByRole('textbox', { name: 'Colors to add to the palette' }).fill('#E4002B, 000');
    await palette.getByRole('textbox', { name: 'Colors to add to the palette' }).press('Enter');
    const swatches = palette.getByRole('list', { name: 'Palette colors' }).getByRole('listitem');
    await expect.poll(() => swatches.allInnerTexts()).toEqual(['#e4002b', '#000000']);
    await palette.getByRole('button', { name: 'Remove #e4002b' }).click();
    await expect.poll(() => swatches.allInnerTexts()).toEqual(['#000000']);
    await palette.getByRole('button', { name: "Use the image's colors" }).click();
    await gone(palette.getByRole('list', { name: 'Palette colors' }));

    // The cut contour: a switch, then an offset and its unit; a refused offset says why.
    const cut = group.getByRole('switch', { name: 'Cut contour', exact: true });
    await cut.press('Space');
    await expect.poll(() => cut.getAttribute('aria-checked')).toBe('true');
    const offset = group.getByRole('spinbutton', { name: 'Cut contour offset' });
    await expect.poll(() => offset.inputValue()).toBe('2');
    await visible(group.getByRole('combobox', { name: 'Cut contour unit' }).filter({ hasText: 'mm' }));
    await offset.fill('80');
    await visible(group.getByText('Cut contour must be an offset from 0 to 50 mm (in px, mm or in)'));
    await offset.fill('3');
    const axe = await new AxeBuilder({ page })
      .include('details')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    await screenshot(page, 'makers-options');
    await page.setViewportSize(phone);
    await screenshot(page, 'makers-options-phone');

    const id = await uploadImage(page, await logoFile('sticker.png'), (created) => site.markPaid(created));
    const stored = await completed(page, id);
    expect(stored.settings.cutContour).toEqual({ offset: 3, unit: 'mm' });

    const paths = await pathsOf(page, await downloadSvg(page, 'sticker.png'));
    const cutPaths = paths.filter((path) => path.id === 'cut');
    expect(cutPaths).toHaveLength(1);
    expect(cutPaths[0]).toMatchObject({ fill: 'none', stroke: '#f0f' });
    expect(paths.length).toBeGreaterThan(1); // the artwork, under its cut line
  });

  test('cut-out layering gives each color one shape over a gap filler, the background left out', async () => {
    const { page } = await site.newTab();
    await open(page, '/');
    await makersOptions(page);
    await choose(page, 'Mode', 'Color');
    await choose(page, 'Layering', 'Cut-out');
    await choose(page, 'Background', 'Remove');

    const id = await uploadImage(page, await flatColorsFile(), (created) => site.markPaid(created));
    const stored = await completed(page, id);
    expect(stored.settings).toMatchObject({ mode: 'color', layering: 'cutout', background: 'remove' });
    const svg = await downloadSvg(page, 'flat-colors.png');
    expect(svg).not.toContain('<rect');
    const paths = await pathsOf(page, svg);
    const shapes = paths.filter((path) => path.class === undefined);
    expect(shapes.map((path) => path.fill).sort()).toEqual(['#1428c8', '#dc0a1e']);
    // The gap filler: strokes along the seam, in one of the two colors, drawn first (under the shapes).
    const fillers = paths.filter((path) => path.class === 'gap-filler');
    expect(fillers.length).toBeGreaterThan(0);
    expect(paths.indexOf(fillers[fillers.length - 1])).toBeLessThan(paths.indexOf(shapes[0]));
    for (const filler of fillers) {
      expect(filler.fill).toBe('none');
      expect(['#1428c8', '#dc0a1e']).toContain(filler.stroke);
    }
  });

  test('centerline mode draws each line as one open stroke, at the typed stroke width', async () => {
    const { page } = await site.newTab();
    await open(page, '/');
    const group = await makersOptions(page);
    await choose(page, 'Mode', 'Centerline');
    const width = await visible(group.getByRole('spinbutton', { name: 'Stroke width' }));
    expect(await width.getAttribute('placeholder')).toBe('Auto');
    await expect(group.getByRole('combobox', { name: 'Layering' }).count()).resolves.toBe(0);
    await width.fill('3');

    await completed(page, await uploadImage(page, await lineArtFile(), (created) => site.markPaid(created)));
    const strokes = (await pathsOf(page, await downloadSvg(page, 'lines.png'))).filter(
      (path) => path.fill === 'none',
    );
    expect(strokes.length).toBeGreaterThan(0);
    for (const stroke of strokes) {
      expect(stroke).toMatchObject({ 'stroke-width': '3', 'stroke-linecap': 'round' });
    }
  });
});
