import { describe, expect, test } from 'vitest';
import { phone, screenshot } from './support/browser.js';
import { convertLogo } from './support/converter.js';
import { open, routes } from './support/routes.js';
import { useSite } from './support/site.js';
import { horizontalOverflow, uiTimeout, visible } from './support/ui.js';

const site = useSite();

describe('on a 390 px wide phone', () => {
  for (const route of routes) {
    test(`${route.path} fits the width: no sideways scrolling`, async () => {
      const { page } = await site.newTab({ viewport: phone });
      await open(page, route.path);
      const fit = await horizontalOverflow(page);
      expect(fit.scrollWidth, `sticking out: ${fit.offenders.join(', ')}`).toBeLessThanOrEqual(
        fit.innerWidth,
      );
      await screenshot(page, `phone-${route.name}`);
    });
  }

  test('the home page still fits once a conversion result is shown', async () => {
    const { page } = await site.newTab({ viewport: phone });
    await open(page, '/');
    await convertLogo(page);
    await visible(page.getByRole('heading', { name: 'Payment Required', exact: true }));
    const fit = await horizontalOverflow(page);
    expect(fit.scrollWidth, `sticking out: ${fit.offenders.join(', ')}`).toBeLessThanOrEqual(fit.innerWidth);
    const vector = page.locator('img[alt="Vector preview"]');
    // The preview is drawn on the server once the result is ready: it may take more than a second.
    await expect
      .poll(() => vector.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: uiTimeout })
      .toBeGreaterThan(0);
    await screenshot(page, 'phone-home-result');
  });
});
