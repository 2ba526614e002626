import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { desktop, phone, screenshot } from './support/browser.js';
import { convertButton, convertLogo, logoFile, uploadImage, waitForResult } from './support/converter.js';
import { open } from './support/routes.js';
import { useSite } from './support/site.js';
import { action, enabled, expectToast, gone, visible } from './support/ui.js';

const site = useSite();

/** The preview card: tabs, viewer and progress. */
const viewer = (page: Page) =>
  page
    .getByRole('region', { name: 'Result' })
    .locator('div.rounded-xl')
    .filter({ hasText: 'Preview' })
    .first();

/** Whether the whole element is inside the window as it is scrolled now. */
async function inView(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = locator.page().viewportSize();
  if (!box || !size) return false;
  return (
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= size.height + 0.5 &&
    box.x + box.width <= size.width + 0.5
  );
}

/** Whether the element's middle is its own to click: in view, and no toast or bar over it. */
async function reachable(locator: Locator): Promise<boolean> {
  if (!(await inView(locator))) return false;
  return locator.evaluate((element) => {
    const r = element.getBoundingClientRect();
    return element.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  });
}

/** The whole-result render on screen has loaded. */
async function previewLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const img = document.querySelector<HTMLImageElement>('img[alt="Vector preview"]');
      return Boolean(img?.complete && img.naturalWidth > 0);
    },
    null,
    { timeout: 30_000 },
  );
}

describe('the result is the page', () => {
  test('at 1440x900 the viewer takes most of the screen and Pay stays in view while the settings scroll', async () => {
    const { page } = await site.newTab({ viewport: desktop });
    await open(page, '/');
    await convertLogo(page);
    const box = await viewer(page).boundingBox();
    expect(box, 'the preview card').not.toBeNull();
    const share = ((box?.width ?? 0) * (box?.height ?? 0)) / (desktop.width * desktop.height);
    expect(share, 'the viewer’s share of the screen').toBeGreaterThanOrEqual(0.6);
    expect(await inView(viewer(page))).toBe(true);
    const pay = action(page, 'Pay $1.00');
    expect(await reachable(pay)).toBe(true);
    // The settings below are scrolled within the side panel, by the wheel: Pay does not move away.
    await page.getByText('Advanced', { exact: true }).click();
    // (the click may have scrolled the window to reach it; a person at the top of the page)
    await page.evaluate(() => window.scrollTo(0, 0));
    const panel = await page
      .getByRole('complementary', { name: 'Download, result and settings' })
      .boundingBox();
    await page.mouse.move((panel?.x ?? 0) + 40, (panel?.y ?? 0) + 500);
    await page.mouse.wheel(0, 2000);
    await visible(page.getByText('Use these settings for new images'));
    await expect.poll(() => inView(page.getByText('Use these settings for new images'))).toBe(true);
    expect(await reachable(pay)).toBe(true);
    expect(await inView(page.getByRole('heading', { name: 'Payment Required' }))).toBe(true);
    await previewLoaded(page);
    await screenshot(page, 'result-first-desktop');
  });

  test('on a phone the viewer is full width and Pay rides in a bar at the bottom', async () => {
    const { page } = await site.newTab({ viewport: phone });
    await open(page, '/');
    await convertLogo(page);
    const box = await viewer(page).boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(phone.width - 40);
    const pay = action(page, 'Pay $1.00');
    expect(await reachable(pay)).toBe(true);
    await page.getByRole('button', { name: 'Convert', exact: true }).scrollIntoViewIfNeeded();
    expect(await reachable(pay)).toBe(true);
    await screenshot(page, 'result-first-phone');
  });

  test('a paid result keeps Download SVG in view on a phone', async () => {
    const { page } = await site.newTab({ viewport: phone });
    await open(page, '/');
    await convertLogo(page, (id) => site.markPaid(id));
    const download = action(page, 'Download SVG');
    await visible(download);
    expect(await reachable(download)).toBe(true);
    await page.getByText('Use these settings for new images').scrollIntoViewIfNeeded();
    expect(await reachable(download)).toBe(true);
    await screenshot(page, 'result-first-phone-paid');
  });
});

// The journeys below run at both sizes: a phone keeps its actions in a bar along the bottom.
for (const [size, viewport] of [
  ['1440x900', desktop],
  ['390x844', phone],
] as const) {
  describe(`images come in anywhere, and failures can be recovered, at ${size}`, () => {
    test('an image dropped beside the upload zone is traced without a click, and its vector shown', async () => {
      const { page } = await site.newTab({ viewport });
      await open(page, '/');
      const file = await logoFile('dropped-logo.png');
      const transfer = await page.evaluateHandle(
        (bytes) => {
          const data = new DataTransfer();
          data.items.add(new File([new Uint8Array(bytes)], 'dropped-logo.png', { type: 'image/png' }));
          return data;
        },
        [...file.buffer],
      );
      // On the page's heading, well outside the zone.
      const target = page.getByRole('heading', { level: 1 });
      await target.dispatchEvent('dragenter', { dataTransfer: transfer });
      await target.dispatchEvent('dragover', { dataTransfer: transfer });
      await target.dispatchEvent('drop', { dataTransfer: transfer });
      await visible(page.getByText('dropped-logo.png', { exact: true }).first());
      await waitForResult(page);
      const vectorTab = page.getByRole('tab', { name: 'Vector', exact: true });
      await expect.poll(() => vectorTab.getAttribute('aria-selected')).toBe('true');
      await previewLoaded(page);
      // Made with the settings of the moment: Auto, for a first image.
      await visible(page.getByTestId('made-with').filter({ hasText: /^Made with: Auto settings/ }));
      // Convert stays, to trace again.
      await enabled(convertButton(page), true);
    });

    test('a preview that fails once comes back by itself; one that keeps failing offers Retry', async () => {
      const tab = await site.newTab({ viewport });
      const { page } = tab;
      tab.expectFailedRequest(503, /\/api\/preview\//);
      await open(page, '/');
      let failures = 1;
      await page.route(/\/api\/preview\/[^?]+\?payment=[a-z_]+(&try=\d+)?$/, async (route) => {
        if (failures > 0) {
          failures -= 1;
          return route.fulfill({ status: 503, body: 'busy' });
        }
        return route.fallback();
      });
      await convertLogo(page);
      await previewLoaded(page);

      // Three failures in a row: the words and a Retry button, then the picture.
      failures = 3;
      await page.getByRole('group', { name: 'Try it as:' }).getByRole('button').first().click();
      await waitForResult(page);
      await visible(
        page.getByText('The preview could not be loaded. Your result is safe on the server.'),
        20_000,
      );
      await page.getByRole('button', { name: 'Retry', exact: true }).click();
      await previewLoaded(page);
    });

    test('Convert that cannot reach the server says so in words; offline, the page says so and carries on', async () => {
      const tab = await site.newTab({ viewport });
      const { page, context } = tab;
      await open(page, '/');
      await uploadImage(page, await logoFile());
      await waitForResult(page);
      // The server out of reach: the sentence, never the browser's "Failed to fetch".
      await page.route(/\/api\/conversions$/, (route) =>
        route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback(),
      );
      await convertButton(page).click();
      await expectToast(
        page,
        'Conversion failed',
        'The server could not be reached. Check your connection and try again.',
      );
      expect(await page.locator('body').innerText()).not.toContain('Failed to fetch');
      await page.unroute(/\/api\/conversions$/);

      // Offline: said at once; Convert waits for the connection and then goes ahead by itself.
      await context.setOffline(true);
      await visible(page.getByText(/^You are offline\. Your image and result are kept on the server/));
      await convertButton(page).click();
      await context.setOffline(false);
      await waitForResult(page);
      await gone(page.getByText(/^You are offline\./));
      // The browser's own lines about the requests it could not send are the outage, not faults.
      const outage = /ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|Failed to fetch|ERR_NETWORK_CHANGED/;
      const faults = tab.errors.filter((error) => !outage.test(error));
      tab.errors.splice(0, tab.errors.length, ...faults);
    });
  });

  describe(`settings you can see, at ${size}`, () => {
    test('the result says what made it; a new image starts from Auto unless the settings are pinned', async () => {
      const { page } = await site.newTab({ viewport });
      await open(page, '/');
      // Chosen before the image: the drop traces with it.
      await page.getByRole('button', { name: 'Logo', exact: true }).click();
      await uploadImage(page, await logoFile());
      await waitForResult(page);
      await visible(
        page.getByTestId('made-with').filter({ hasText: /^Made with: Logo settings · Mode Black & white/ }),
      );

      // Reset: the defaults, traced again, and the card follows.
      await page.getByRole('button', { name: 'Reset settings to Auto' }).click();
      await visible(
        page.getByTestId('made-with').filter({ hasText: /^Made with: Auto settings · Mode Auto/ }),
      );

      // A second image starts from Auto, even after choosing Logo for the first.
      await page.getByRole('button', { name: 'Logo', exact: true }).click();
      await visible(page.getByTestId('made-with').filter({ hasText: /^Made with: Logo settings/ }));
      await uploadImage(page, await logoFile('second.png'));
      expect(await page.getByRole('button', { name: 'Auto', exact: true }).getAttribute('aria-pressed')).toBe(
        'true',
      );

      // Pinned, the next image keeps them, and so does a reload.
      await page.getByRole('button', { name: 'Logo', exact: true }).click();
      await page.getByRole('checkbox', { name: /Use these settings for new images/ }).check();
      await uploadImage(page, await logoFile('third.png'));
      const logoChosen = () =>
        page.getByRole('button', { name: 'Logo', exact: true }).getAttribute('aria-pressed');
      expect(await logoChosen()).toBe('true');
      await waitForResult(page);
      await visible(page.getByTestId('made-with').filter({ hasText: /^Made with: Logo settings/ }));
      await page.reload();
      await waitForResult(page);
      await uploadImage(page, await logoFile('fourth.png'));
      expect(await logoChosen()).toBe('true');
    });
  });

  describe(`a result that is gone says so, at ${size}`, () => {
    test('a conversion deleted while open is named as gone, with what to do', async () => {
      const tab = await site.newTab({ viewport });
      const { page } = tab;
      await open(page, '/');
      const id = await convertLogo(page);
      // Whatever the page still asks of it (the conversion, its preview, its thumbnail) is gone.
      tab.expectFailedRequest(404, new RegExp(`/api/[a-z]+/${id}`));
      await site.server.deps.db.deleteFrom('conversions').where('id', '=', id).execute();
      await page.reload();
      await visible(
        page.getByText(
          /^That conversion is no longer available: it was deleted, on request or within 24 hours of upload/,
        ),
      );
      // Back to a fresh converter, not a blank or the example in place of the user's image.
      await visible(page.getByText('Drop or paste an image here, or click to choose one'));
    });
  });
}
