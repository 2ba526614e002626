import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { unzip } from '../apps/server/test/support/zip.js';
import { screenshot } from './support/browser.js';
import { type ImageFile, uploadImage, waitForResult } from './support/converter.js';
import { signUp } from './support/people.js';
import { open } from './support/routes.js';
import { useSite } from './support/site.js';
import {
  action,
  downloadBy,
  downloadedBytes,
  expectToast,
  pngSize,
  uiTimeout,
  visible,
} from './support/ui.js';

const site = useSite();

/** Black shapes on white, each image a different one, like a set of icons: in (0..1, 0..1). */
const shapes: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x - 0.5) ** 2 + (y - 0.5) ** 2 < 0.09,
  (x, y) => x > 0.2 && x < 0.8 && y > 0.2 && y < 0.8,
  (x, y) => y > 0.15 && y < 0.85 && Math.abs(x - 0.5) < (y - 0.15) * 0.6,
  (x, y) => (x > 0.1 && x < 0.9 && y > 0.4 && y < 0.6) || (x > 0.4 && x < 0.6 && y > 0.1 && y < 0.9),
  (x, y) => ((x - 0.5) / 0.4) ** 2 + ((y - 0.5) / 0.2) ** 2 < 1,
];

// Drawn pixel by pixel: the server in this process lets sharp read only the accepted image types, not SVG.
async function shapeFile(index: number, width = 300 + index * 20, height = 300): Promise<ImageFile> {
  const inside = shapes[index % shapes.length] as (typeof shapes)[number];
  const data = Buffer.alloc(width * height * 3, 255);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (inside(x / width, y / height)) data.fill(0, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return {
    name: `shape-${index + 1}.png`,
    mimeType: 'image/png',
    buffer: await sharp(data, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
  };
}

/** WCAG 2.1 AA problems axe-core finds in the result column (the batch and the downloads). */
async function resultViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .include('section[aria-label="Result"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

const batchList = (page: Page) => page.getByRole('list', { name: 'Images in the batch' });

/** Signs up, is made Pro, and opens the converter as a Pro user. */
async function proUser(page: Page): Promise<void> {
  const name = `batch${Date.now()}`;
  await signUp(page, name);
  await site.makePro(name);
  await open(page, '/');
  await visible(page.getByText(/click to choose up to 20/));
}

describe('batch conversion (Pro) and downloads in other formats', () => {
  test('a Pro user converts five images at once and downloads them all as PDFs in one ZIP', async () => {
    const { page } = await site.newTab();
    await proUser(page);
    const files = await Promise.all([0, 1, 2, 3, 4].map((i) => shapeFile(i)));
    await page.locator('input[type="file"]').setInputFiles(files);

    const rows = batchList(page).getByRole('listitem');
    await expect.poll(() => rows.count(), { timeout: uiTimeout }).toBe(5);
    await visible(page.getByText('5 of 5 completed', { exact: true }), 60_000);
    const texts = await rows.allInnerTexts();
    expect(texts.map((text) => text.split('\n')[0])).toEqual(files.map((file) => file.name));
    for (const text of texts) expect(text).toMatch(/Completed · \d+ vectors?/);
    await screenshot(page, 'batch-completed');
    expect(await resultViolations(page)).toEqual([]);

    await page.getByRole('combobox', { name: 'Format' }).click();
    await page.getByRole('option', { name: 'PDF', exact: true }).click();
    const download = await downloadBy(page, () => action(page, 'Download all').click());
    expect(download.suggestedFilename()).toBe('vectrace-5-files.zip');
    const zip = await unzip(await downloadedBytes(download));
    expect([...zip.keys()].sort()).toEqual(files.map((file) => file.name.replace(/\.png$/, '.pdf')));
    for (const [name, bytes] of zip) expect(bytes.subarray(0, 5).toString('latin1'), name).toBe('%PDF-');

    // A row opens in the preview, ready to download on its own.
    await rows.nth(2).getByRole('button').click();
    await visible(page.getByRole('button', { name: 'Download PDF', exact: true }));
    expect(new URL(page.url()).searchParams.get('conversion')).not.toBeNull();

    // The batch is still there after a reload.
    await page.reload();
    await visible(page.getByText('5 of 5 completed', { exact: true }));
  });

  test('more than 20 images: the first 20 are converted, and the page says so', async () => {
    const { page } = await site.newTab();
    await proUser(page);
    const files = await Promise.all(Array.from({ length: 21 }, (_, i) => shapeFile(i, 60 + i, 60)));
    await page.locator('input[type="file"]').setInputFiles(files);
    const notice = 'You can convert up to 20 images at once; the first 20 were added.';
    await visible(page.getByText(notice, { exact: true }).first());
    await expect.poll(() => batchList(page).getByRole('listitem').count(), { timeout: uiTimeout }).toBe(20);
    await visible(page.getByText('20 of 20 completed', { exact: true }), 60_000);
  });

  test('a paid conversion downloads as PDF at a chosen size, and as a PNG in its own proportions', async () => {
    const { page } = await site.newTab();
    await open(page, '/');
    const wide = await shapeFile(0, 600, 300);
    await uploadImage(page, wide, (id) => site.markPaid(id));
    await waitForResult(page);
    await visible(page.getByText('Included: SVG, EPS, PDF, DXF and PNG.', { exact: true }));

    const pdf = await downloadBy(page, () => action(page, 'Download PDF').click());
    expect(pdf.suggestedFilename()).toBe('shape-1.pdf');
    expect((await downloadedBytes(pdf)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // 100 mm wide: the height follows the image (2:1), and the page is that size (in points).
    await page.getByRole('spinbutton', { name: 'Width', exact: true }).fill('100');
    await page.getByRole('combobox', { name: 'Unit' }).click();
    await page.getByRole('option', { name: 'mm', exact: true }).click();
    await visible(page.getByText('Height: 50 mm, following the image’s proportions.'));
    expect(await resultViolations(page)).toEqual([]);
    const sized = await downloadBy(page, () => action(page, 'Download PDF').click());
    expect(sized.suggestedFilename()).toBe('shape-1-100mm.pdf');
    const page1 = (await downloadedBytes(sized)).toString('latin1');
    const box = page1.match(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/);
    expect(box, page1.slice(0, 300)).not.toBeNull();
    expect(Number(box?.[1])).toBeCloseTo((100 / 25.4) * 72, 1);
    expect(Number(box?.[2])).toBeCloseTo((50 / 25.4) * 72, 1);

    await page.getByRole('button', { name: 'Download PNG', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'PNG Export Options' });
    const resolution = dialog.getByRole('combobox', { name: 'Resolution' });
    expect(await resolution.innerText()).toContain('1024 × 512 (HD)');
    const png = await downloadBy(page, () =>
      dialog.getByRole('button', { name: 'Download PNG', exact: true }).click(),
    );
    expect(pngSize(await downloadedBytes(png))).toEqual({ width: 1024, height: 512 });
    expect(png.suggestedFilename()).toBe('shape-1-1024px.png');
    await expectToast(page, 'PNG Downloaded', 'Successfully downloaded 1024×512 PNG file.');
  });

  test('a free user still converts one image at a time: two at once are "Too many files"', async () => {
    const { page } = await site.newTab();
    await signUp(page, `free${Date.now()}`);
    await open(page, '/');
    const input = page.locator('input[type="file"]');
    expect(await input.getAttribute('multiple')).toBeNull();

    // Two images dropped on the upload zone, as from a file manager.
    const files = await Promise.all([0, 1].map((i) => shapeFile(i, 80, 80)));
    const payload = files.map((file) => ({ name: file.name, base64: file.buffer.toString('base64') }));
    const transfer = await page.evaluateHandle((images) => {
      const data = new DataTransfer();
      for (const image of images) {
        const bytes = Uint8Array.from(atob(image.base64), (ch) => ch.charCodeAt(0));
        data.items.add(new File([bytes], image.name, { type: 'image/png' }));
      }
      return data;
    }, payload);
    const zone = page.locator(
      '[aria-label="Upload an image: PNG, JPG, JPEG, WebP, GIF, BMP or TIFF, up to 10MB"]',
    );
    await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
    await zone.dispatchEvent('drop', { dataTransfer: transfer });
    await visible(page.getByRole('alert').filter({ hasText: 'Too many files' }));
    expect(await batchList(page).count()).toBe(0);
  });
});
