import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { logoAs, logoPng } from '../apps/server/test/support/images.js';
import { convertButton, type ImageFile, waitForResult } from './support/converter.js';
import { open } from './support/routes.js';
import { useSite } from './support/site.js';
import { enabled, uiTimeout, visible } from './support/ui.js';

const site = useSite();

/** Drops one file on the converter's upload zone, as from a file manager. */
async function drop(page: Page, file: ImageFile): Promise<void> {
  const transfer = await page.evaluateHandle(
    ({ name, mimeType, base64 }) => {
      const data = new DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
      data.items.add(new File([bytes], name, { type: mimeType }));
      return data;
    },
    { name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') },
  );
  const zone = page.locator('[aria-label^="Upload an image:"]');
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

/** The answer to the signed PUT of the file, once it comes. */
const uploadAnswer = (page: Page) =>
  page.waitForResponse(
    (response) => /\/api\/objects\/uploads\//.test(response.url()) && response.request().method() === 'PUT',
  );

describe('the converter takes the accepted types, and refuses a file the server cannot read', () => {
  test('a damaged PNG dropped in the converter shows the server’s sentence, never "uploaded"', async () => {
    const tab = await site.newTab();
    const { page } = tab;
    tab.expectFailedRequest(400, /\/api\/objects\/uploads\//);
    await open(page, '/');
    // Its signature and header are a PNG's, so the browser's check lets it through; its pixels stop halfway.
    const png = await logoPng(400);
    const damaged = { name: 'logo.png', mimeType: 'image/png', buffer: png.subarray(0, png.length / 2) };
    const answered = uploadAnswer(page);
    await drop(page, damaged);
    expect((await answered).status()).toBe(400);

    const alert = page.getByRole('alert').filter({ hasText: 'This PNG image could not be read' });
    await visible(alert);
    expect(await alert.textContent()).toMatch(
      /This PNG image could not be read \(.+\): the file is damaged or incomplete\. Please export or save it again and upload the new file\./,
    );
    expect(await page.getByText(/uploaded successfully|Upload successful/).count()).toBe(0);
    await enabled(convertButton(page), false);
  });

  test('a WebP dropped in the converter is taken by the drop zone and uploaded', async () => {
    const { page } = await site.newTab();
    await open(page, '/');
    const answered = uploadAnswer(page);
    await drop(page, { name: 'logo.webp', mimeType: 'image/webp', buffer: await logoAs('webp', 200) });
    expect((await answered).status()).toBe(200);
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /File type must|not a PNG/ })
        .count(),
    ).toBe(0);
  });

  test('a TIFF, which Chromium does not show, is converted on drop and its original shown from the server', async () => {
    const { page } = await site.newTab();
    await open(page, '/');
    const answered = uploadAnswer(page);
    await drop(page, { name: 'scan.tiff', mimeType: 'image/tiff', buffer: await logoAs('tiff', 200) });
    expect((await answered).status()).toBe(200);
    await waitForResult(page);
    // The original shows: the server's PNG of it, 200 x 200, not an empty viewer.
    await page.getByRole('tab', { name: 'Original', exact: true }).click();
    const size = await page.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('img[alt="Original"]');
        return img?.complete && img.naturalWidth > 0 ? [img.naturalWidth, img.naturalHeight] : null;
      },
      null,
      { timeout: uiTimeout },
    );
    expect(await size.jsonValue()).toEqual([200, 200]);
  });
});
