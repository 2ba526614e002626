import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { screenshot } from './support/browser.js';
import { logoFile, uploadImage, waitForResult } from './support/converter.js';
import { open } from './support/routes.js';
import { useSite } from './support/site.js';
import { uiTimeout, visible } from './support/ui.js';

const site = useSite();

/** A white disc and bar on transparency: light art, as a logo for dark backgrounds comes. */
async function whiteArtFile() {
  const [width, height] = [300, 200];
  const data = Buffer.alloc(width * height * 4, 0);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if ((x - 100) ** 2 + (y - 100) ** 2 < 60 ** 2 || (x > 190 && x < 240 && y > 40 && y < 160))
        data.fill(255, (y * width + x) * 4, (y * width + x) * 4 + 4);
  const buffer = await sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  return { name: 'white-logo.png', mimeType: 'image/png', buffer };
}
const zoomReadout = (page: Page) => page.getByRole('status', { name: 'Zoom' });

async function boxOf(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const r = element.getBoundingClientRect();
      return { left: Math.round(r.left), top: Math.round(r.top), width: Math.round(r.width) };
    });
}

describe('the result viewer', () => {
  test('zooms to 800 % with sharp server renders, pans both views together, splits, outlines, goes full screen', async () => {
    const tab = await site.newTab();
    const { page } = tab;
    // Panning fast asks for regions while two are still being drawn: the server's per-owner cap
    // answers 429 and the viewer keeps the whole render showing, then asks once more.
    tab.expectFailedRequest(429, /\/api\/preview\/[^?]+\?x=/);
    await open(page, '/');
    await page.getByRole('button', { name: 'Try the logo sample', exact: true }).click();
    await waitForResult(page);

    const regions: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/preview/') && url.searchParams.has('x')) regions.push(url);
    });

    await page.getByRole('tab', { name: 'Split', exact: true }).click();
    await page.getByRole('button', { name: '100%', exact: true }).click();
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
    await expect.poll(() => zoomReadout(page).innerText()).toBe('800%');
    // A render of the visible region at 8 pixels per image pixel: sharp at this zoom.
    await expect
      .poll(() => regions.some((url) => Number(url.searchParams.get('scale')) >= 8), { timeout: uiTimeout })
      .toBe(true);

    // A drag moves the original and the vector together.
    const before = await boxOf(page, 'img[alt="Original"]');
    const viewer = page.getByRole('application');
    const frame = await viewer.boundingBox();
    if (!frame) throw new Error('no viewer');
    await page.mouse.move(frame.x + frame.width / 2, frame.y + frame.height / 2);
    await page.mouse.down();
    await page.mouse.move(frame.x + frame.width / 2 + 120, frame.y + frame.height / 2 + 60, { steps: 5 });
    await page.mouse.up();
    const original = await boxOf(page, 'img[alt="Original"]');
    const vector = await boxOf(page, 'img[alt="Vector preview"]');
    expect(original.left - before.left).toBe(120);
    expect(original.top - before.top).toBe(60);
    expect(vector).toEqual(original);

    // The split slider moves the line between the two.
    const thumb = page.getByRole('slider', { name: 'Split between original and vector' });
    await thumb.focus();
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowLeft');
    await expect(thumb.getAttribute('aria-valuenow')).resolves.toBe('30');
    await page.waitForTimeout(400);
    await screenshot(page, 'viewer-split-800');

    await page.getByRole('tab', { name: 'Outline', exact: true }).click();
    const outline = page.getByRole('img', { name: 'Vector outlines and nodes' });
    await visible(outline);
    await expect.poll(() => outline.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(regions.some((url) => url.searchParams.get('view') === 'outline')).toBe(true);

    // The vector's ground: a checkerboard by default, white, or dark for light art.
    await page.getByRole('tab', { name: 'Vector', exact: true }).click();
    const ground = () =>
      page
        .locator('img[alt="Vector preview"]')
        .first()
        .evaluate((img) => getComputedStyle(img.closest('[style*="background"]') as Element).backgroundColor);
    await expect(
      page.getByRole('button', { name: 'Checkerboard', exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await page.getByRole('button', { name: 'Dark', exact: true }).click();
    await expect(
      page.getByRole('button', { name: 'Dark', exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await expect.poll(ground).toBe('rgb(30, 41, 59)');
    await screenshot(page, 'viewer-dark-ground');
    await page.getByRole('button', { name: 'White', exact: true }).click();
    await expect.poll(ground).toBe('rgb(255, 255, 255)');

    await page.getByRole('button', { name: 'Full screen', exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await page.getByRole('button', { name: 'Exit full screen', exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
  });

  test('white art on transparency is shown on a dark ground, as its reading says; the person can pick another', async () => {
    const { page } = await site.newTab();
    await open(page, '/');
    await uploadImage(page, await whiteArtFile());
    await waitForResult(page);
    await visible(page.getByTestId('reading').filter({ hasText: /^Read as light art/ }));
    const pressed = (name: string) =>
      page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed');
    const ground = () =>
      page
        .locator('img[alt="Vector preview"]')
        .first()
        .evaluate((img) => getComputedStyle(img.closest('[style*="background"]') as Element).backgroundColor);
    await expect.poll(() => pressed('Dark')).toBe('true');
    await expect.poll(ground).toBe('rgb(30, 41, 59)');
    // The person's choice wins, and stays through a re-trace of the same image.
    await page.getByRole('button', { name: 'Checkerboard', exact: true }).click();
    await expect.poll(() => pressed('Checkerboard')).toBe('true');
    await page.getByRole('button', { name: 'Photo', exact: true }).click();
    await waitForResult(page);
    await expect.poll(() => pressed('Checkerboard')).toBe('true');
  });

  test('dark art is shown on the light checkerboard', async () => {
    const { page } = await site.newTab();
    await open(page, '/');
    await uploadImage(page, await logoFile());
    await waitForResult(page);
    await expect
      .poll(() =>
        page.getByRole('button', { name: 'Checkerboard', exact: true }).getAttribute('aria-pressed'),
      )
      .toBe('true');
  });
});
