import { describe, expect, test } from 'vitest';
import { screenshot } from './support/browser.js';
import { convertLogo } from './support/converter.js';
import { downloadSvg, fillCard, goodCard, signUp } from './support/people.js';
import { open } from './support/routes.js';
import { useSite } from './support/site.js';
import { action, expectToast, uiTimeout, visible } from './support/ui.js';

const site = useSite();
const declinedCard = { ...goodCard, number: '4000 0000 0000 0002' };

describe('paying in the sandbox (no real payment)', () => {
  test('a visitor pays $1 with 4242, returns, sees Payment Verified and downloads the SVG', async () => {
    const { page } = await site.newTab();
    await open(page, '/');
    await convertLogo(page);
    await action(page, 'Pay $1.00').click();
    await page.waitForURL(/\/checkout\?plan=pay-per-use&conversion_id=/);
    await visible(page.getByText('Test mode: no real payment', { exact: false }).first());
    await visible(page.getByText("You're buying Pay Per Conversion", { exact: false }));
    await screenshot(page, 'checkout-pay-per-use');

    await fillCard(page, goodCard);
    await page.getByRole('button', { name: 'Complete Payment - $1.00', exact: true }).click();
    await expectToast(page, 'Payment Successful', 'Thank you for your purchase!');
    await page.waitForURL((url) => url.pathname === '/');
    await expectToast(
      page,
      'Payment Verified',
      'Your payment has been confirmed. Your vector is ready to download.',
    );
    // The payment parameters leave the address once verified; the conversion on screen stays named.
    await expect
      .poll(() => [...new URL(page.url()).searchParams.keys()], { timeout: uiTimeout })
      .toEqual(['conversion']);
    await expect(page.getByRole('heading', { name: 'Payment Required' }).count()).resolves.toBe(0);

    const svg = await downloadSvg(page);
    expect(svg).toMatch(/^(<\?xml[^>]*>\s*)?<svg[\s>]/);
    expect(svg).toContain('<path');
    await screenshot(page, 'home-paid');
  });

  test('a declined card says Payment Failed, and the conversion stays unpaid', async () => {
    const { page, expectFailedRequest } = await site.newTab();
    expectFailedRequest(402, /\/api\/sandbox\/payment-intents\/[^/]+\/confirm$/);
    await open(page, '/');
    const id = await convertLogo(page);
    await action(page, 'Download SVG').click();
    await page.waitForURL(/\/checkout\?plan=pay-per-use/);
    await fillCard(page, declinedCard);
    await page.getByRole('button', { name: 'Complete Payment - $1.00', exact: true }).click();
    await expectToast(page, 'Payment Failed', 'Your card was declined.');
    expect(new URL(page.url()).pathname).toBe('/checkout');
    const conversion = await page.request.get(`/api/conversions/${id}`);
    expect((await conversion.json()).paymentStatus).toBe('unpaid');
  });

  test('a Pro user downloads without paying per conversion, and after cancelling keeps Pro to the end of the month paid for', async () => {
    const { page } = await site.newTab();
    await signUp(page, `pro${Date.now()}`);
    await open(page, '/');
    await convertLogo(page);

    await action(page, 'Get Pro ($5.99/month)').click();
    await page.waitForURL(/\/checkout\?plan=pro/);
    await visible(page.getByText("You're upgrading to Pro Plan"));
    await page.getByRole('button', { name: 'Start Subscription - $5.99/month', exact: true }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await visible(page.getByText('Test mode: no real payment', { exact: false }).first());
    await screenshot(page, 'sandbox-checkout');
    await fillCard(page, goodCard);
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/');
    await expectToast(page, "You're on Pro");
    await visible(page.getByText('Pro', { exact: true }).first());
    expect(await downloadSvg(page)).toContain('<svg');

    // A second conversion downloads at once: no Payment Required card, no checkout.
    await convertLogo(page);
    await expect(page.getByRole('heading', { name: 'Payment Required' }).count()).resolves.toBe(0);
    expect(await downloadSvg(page)).toContain('<svg');

    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await page.waitForURL(/\/sandbox\/portal\//);
    await screenshot(page, 'sandbox-portal');
    await page.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel subscription', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectToast(page, 'Pro cancelled');

    // Cancelled, Pro lasts to the end of the period paid for: the result still downloads.
    await expect(page.getByRole('heading', { name: 'Payment Required' }).count()).resolves.toBe(0);
    expect(await downloadSvg(page)).toContain('<svg');
  });
});
