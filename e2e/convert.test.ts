import type { Conversion } from '@vectrace/contract';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { whitePng } from '../apps/server/test/support/images.js';
import { phone, screenshot } from './support/browser.js';
import {
  convertButton,
  convertLogo,
  holdCompletion,
  logoFile,
  startConversion,
  uploadImage,
} from './support/converter.js';
import { open } from './support/routes.js';
import { useSite } from './support/site.js';
import {
  action,
  downloadBy,
  downloadedBytes,
  enabled,
  expectToast,
  gate,
  gone,
  pngSize,
  uiTimeout,
  visible,
} from './support/ui.js';

const site = useSite();

describe('converting an image', () => {
  test('a visitor drops a PNG, it is converted without a click, and is asked to pay before downloading', async () => {
    const { page } = await site.newTab();
    await open(page, '/');
    await enabled(convertButton(page), false);

    // The upload is held a moment so its progress bar can be seen.
    const upload = gate();
    await page.route(/\/api\/objects\/uploads\//, async (route) => {
      if (route.request().method() === 'PUT') await upload.opened;
      await route.fallback();
    });
    const completion = await holdCompletion(page);
    const file = await logoFile('logo.png');
    const id = await startConversion(page, undefined, async () => {
      await page.locator('input[type="file"]').setInputFiles(file);
      await visible(page.getByRole('progressbar').first());
      upload.open();
    });
    await expectToast(page, 'Conversion started', 'Processing logo.png with your selected settings.');
    // The bar follows the trace: the queue, then reading, tracing and saving.
    await visible(
      page.getByText(
        /^(Waiting in the queue.*|Reading the image|Tracing the outlines|Saving the vector)\.\.\.$/,
      ),
    );
    await visible(page.getByText(/^(5|20|50|90)%$/));
    await visible(page.getByRole('tab', { name: 'Original', exact: true }));
    await enabled(page.getByRole('tab', { name: 'Vector', exact: true }), false);

    await completion.release();
    await visible(page.getByText('100%', { exact: true }), 30_000);
    await enabled(page.getByRole('tab', { name: 'Vector', exact: true }), true);
    await visible(page.getByText('File size', { exact: true }));
    await visible(page.getByText('Vectors', { exact: true }));
    const text = await page.locator('body').innerText();
    expect(text).toMatch(/File size\s+[\d.,]+\s*(KB|MB|bytes)/);
    expect(text).toMatch(/Vectors\s+\d+/);
    await visible(page.getByRole('heading', { name: 'Payment Required', exact: true }));
    await visible(action(page, 'Pay $1.00'));
    await visible(action(page, 'Get Pro ($5.99/month)'));
    // The queue is for signed-in users.
    expect(await page.getByText('Processing Queue', { exact: true }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Vector', exact: true }).click();
    await screenshot(page, 'home-result-desktop');
    await page.setViewportSize(phone);
    await screenshot(page, 'home-result-phone');

    await page.getByRole('button', { name: 'Download SVG', exact: true }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/checkout' &&
        url.searchParams.get('plan') === 'pay-per-use' &&
        url.searchParams.get('conversion_id') === id,
      { timeout: uiTimeout },
    );
    await visible(page.getByRole('heading', { name: 'Complete Your Purchase', exact: true }));

    // The id in the address is the visitor's own conversion.
    const mine = await page.request.get('/api/conversions');
    expect(mine.status()).toBe(200);
    const list = (await mine.json()) as Conversion[];
    expect(list.map((c) => [c.id, c.originalFileName, c.status])).toContainEqual([
      id,
      'logo.png',
      'completed',
    ]);
  });

  test('an image with nothing to trace says so and what to try, and offers nothing to pay for', async () => {
    const { page } = await site.newTab();
    await open(page, '/');
    await uploadImage(page, { name: 'blank.png', mimeType: 'image/png', buffer: whitePng(160, 120) });
    await expectToast(
      page,
      'Conversion failed',
      'Nothing was traced: even Auto finds this image blank, or all one color. Check that it is the image you meant; faint marks come out with a lower threshold, in Advanced.',
    );
    await expect(action(page, 'Pay $1.00').count()).resolves.toBe(0);
  });

  test('a failed poll (a restart, a dropped connection) leaves the result on screen', async () => {
    const { page, expectFailedRequest } = await site.newTab();
    expectFailedRequest(503, /\/api\/conversions\/[^/]+$/);
    await open(page, '/');
    await convertLogo(page);
    await visible(page.getByRole('heading', { name: 'Payment Required' }));

    let failures = 0;
    await page.route(/\/api\/conversions\/[^/?]+$/, async (route) => {
      if (failures++ === 0) return route.fulfill({ status: 503, body: '{"message":"Shutting down"}' });
      return route.fallback();
    });
    await expect.poll(() => failures, { timeout: uiTimeout }).toBeGreaterThan(1);
    await visible(page.getByRole('heading', { name: 'Payment Required' }));
    await visible(action(page, 'Download SVG'));
    expect(await page.evaluate(() => sessionStorage.getItem('current_conversion_id'))).not.toBeNull();
  });

  test('a paid conversion downloads as SVG, as a PNG of the chosen size, and copies its code', async () => {
    const { page, context } = await site.newTab();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url });
    await open(page, '/');
    // Paid as soon as it exists: the page first learns of it already paid.
    await convertLogo(page, (id) => site.markPaid(id));
    expect(await page.getByRole('heading', { name: 'Payment Required', exact: true }).count()).toBe(0);

    const svgDownload = await downloadBy(page, () =>
      page.getByRole('button', { name: 'Download SVG', exact: true }).click(),
    );
    expect(svgDownload.suggestedFilename()).toBe('logo.svg');
    const svg = (await downloadedBytes(svgDownload)).toString('utf8');
    expect(svg.startsWith('<svg') || svg.startsWith('<?xml'), svg.slice(0, 80)).toBe(true);
    const parsed = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        root: doc.documentElement.localName,
        paths: doc.querySelectorAll('path').length,
      };
    }, svg);
    expect(parsed).toMatchObject({ error: null, root: 'svg' });
    expect(parsed.paths).toBeGreaterThan(0);
    expect(page.url()).not.toContain('/checkout');

    await page.getByRole('button', { name: 'Download PNG', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'PNG Export Options' });
    await visible(dialog);
    const resolution = dialog.getByRole('combobox', { name: 'Resolution' });
    expect(await resolution.innerText()).toContain('1024 × 1024 (HD)');
    await resolution.click();
    const options = await page.getByRole('option').allInnerTexts();
    // Widths; the square logo stays square (the height follows the image's proportions).
    expect(options.map((o) => o.trim())).toEqual([
      '512 × 512 (Web)',
      '1024 × 1024 (HD)',
      '2048 × 2048 (Print)',
      '4096 × 4096 (Ultra HD)',
      'Custom width',
    ]);
    await page.getByRole('option', { name: '2048 × 2048 (Print)' }).click();
    expect(await resolution.innerText()).toContain('2048 × 2048 (Print)');
    await visible(dialog.getByRole('button', { name: 'Cancel', exact: true }));
    const pngDownload = await downloadBy(page, () =>
      dialog.getByRole('button', { name: 'Download PNG', exact: true }).click(),
    );
    expect(pngDownload.suggestedFilename()).toBe('logo-2048px.png');
    const png = await downloadedBytes(pngDownload);
    expect(pngSize(png)).toEqual({ width: 2048, height: 2048 });
    // The logo is drawn on white: dark ink and a white background, not an empty square.
    const stats = await sharp(png).stats();
    expect(stats.channels[0].min).toBeLessThan(64);
    expect(stats.channels[0].max).toBeGreaterThan(240);
    await expectToast(page, 'PNG Downloaded', 'Successfully downloaded 2048×2048 PNG file.');
    await gone(dialog);

    // The same logo on a transparent square, to place on any color.
    await page.getByRole('button', { name: 'Download PNG', exact: true }).click();
    await visible(dialog);
    const background = dialog.getByRole('combobox', { name: 'Background' });
    expect(await background.innerText()).toContain('White');
    await background.click();
    await page.getByRole('option', { name: 'Transparent' }).click();
    const clearDownload = await downloadBy(page, () =>
      dialog.getByRole('button', { name: 'Download PNG', exact: true }).click(),
    );
    const clear = await sharp(await downloadedBytes(clearDownload))
      .ensureAlpha()
      .stats();
    expect(clear.channels[3].min).toBe(0);
    expect(clear.channels[3].max).toBe(255);
    await gone(dialog);

    await page.getByRole('button', { name: 'Copy SVG Code', exact: true }).click();
    await expectToast(page, 'SVG Code Copied', 'SVG code has been copied to your clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(svg);
  });
});
