import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { desktop, phone, screenshot } from './support/browser.js';
import { onePriceFormat } from './support/claims.js';
import { convertLogo } from './support/converter.js';
import { fillCard, goodCard, signUp } from './support/people.js';
import { open } from './support/routes.js';
import { useSite } from './support/site.js';
import { action, expectToast, uiTimeout, visible } from './support/ui.js';

const site = useSite();
const declinedCard = { ...goodCard, number: '4000 0000 0000 0002' };
const sizes = [
  { name: '1440x900', viewport: desktop },
  { name: '390x844', viewport: phone },
];

const notifications = (page: Page) => page.getByRole('region', { name: /^Notifications/ });
const toasts = (page: Page) => notifications(page).locator('li');
const payButton = (page: Page) => page.getByRole('button', { name: /^Complete Payment/ });

/** The titles of the toasts on screen. */
async function toastTitles(page: Page): Promise<string[]> {
  return (await toasts(page).allInnerTexts()).map((text) => text.split('\n')[0].trim());
}

/** From the card number to the pay button: what the buyer fills in and presses. */
async function cardFormBox(page: Page) {
  const top = await page.getByLabel('Card number').boundingBox();
  const bottom = await payButton(page).boundingBox();
  if (!top || !bottom) throw new Error('the card form is not on the page');
  return { x: top.x, y: top.y, width: top.width, height: bottom.y + bottom.height - top.y };
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A toast is on screen, and none lies over the box of what the user acts on next. */
async function expectClear(page: Page, box: Box, what: string): Promise<void> {
  const shown = await toasts(page).all();
  expect(shown.length, 'a toast to measure').toBeGreaterThan(0);
  for (const toast of shown) {
    const over = await toast.boundingBox();
    expect(
      Boolean(over && overlaps(over, box)),
      `a toast at ${JSON.stringify(over)} covers ${what} at ${JSON.stringify(box)}`,
    ).toBe(false);
  }
}

/** The whole of the element is inside the window, as the page first shows it. */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  return box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width;
}

/** A visitor's converted logo, then its $1 checkout with the card form ready. */
async function payPerUseCheckout(page: Page): Promise<void> {
  await open(page, '/');
  await convertLogo(page);
  const before = await toastTitles(page);
  await action(page, 'Pay $1.00').first().click();
  await page.waitForURL(/\/checkout\?plan=pay-per-use&conversion_id=/);
  await visible(page.getByLabel('Card number'));
  // What the converter said is over: it is not carried onto the checkout.
  for (const title of before) expect(await toastTitles(page)).not.toContain(title);
}

/** Every price in the text, each written the one way ("$1.00"). */
function prices(text: string): string[] {
  const found = text.match(/\$\s?\d[\d,]*(?:\.\d+)?/g) ?? [];
  for (const price of found) expect(price, `"${price}" in the one price format`).toMatch(onePriceFormat);
  return [...new Set(found)];
}

describe('the checkout says what is bought', () => {
  for (const { name, viewport } of sizes) {
    test(`at ${name} the $1 checkout is a single payment: no subscription, upgrade or cancel, one price`, async () => {
      const { page } = await site.newTab({ viewport });
      await payPerUseCheckout(page);
      const text = await page.locator('body').innerText();
      expect(text).not.toMatch(/subscri|upgrad|cancel/i);
      await visible(page.getByText("You're buying Pay Per Conversion: $1.00 once, for one image."));
      expect(prices(text)).toEqual(['$1.00']);
      await visible(page.getByRole('button', { name: 'Complete Payment - $1.00', exact: true }));
      // The test checkout takes cards only: the cards it shows, and no wallet.
      await visible(page.getByText('We accept', { exact: true }));
      await visible(page.getByText('Visa', { exact: true }));
      expect(text).not.toMatch(/Apple Pay|Google Pay/);
      // The card form is in view as the checkout opens, on a phone too.
      expect(await inView(page, page.getByLabel('Card number'))).toBe(true);
      expect(await inView(page, payButton(page))).toBe(true);
      await screenshot(page, `checkout-pay-per-use-${name}`);

      // Pro is a subscription, and says so.
      await open(page, '/checkout?plan=pro');
      const pro = await page.locator('body').innerText();
      expect(pro).toContain("You're upgrading to Pro Plan");
      expect(pro).toContain('You can cancel your subscription at any time');
      expect(prices(pro)).toEqual(['$5.99']);
    });
  }

  for (const { name, viewport } of sizes) {
    test(`at ${name} no toast covers the card form, and a toast left behind goes with the page`, async () => {
      const { page, expectFailedRequest } = await site.newTab({ viewport });
      expectFailedRequest(402, /\/api\/sandbox\/payment-intents\/[^/]+\/confirm$/);
      await payPerUseCheckout(page);
      await fillCard(page, declinedCard);
      await payButton(page).click();
      await expectToast(page, 'Payment Failed', 'Your card was declined.');
      await expectClear(page, await cardFormBox(page), 'the card form');
      expect(await inView(page, payButton(page))).toBe(true);
      await screenshot(page, `checkout-declined-${name}`);

      // Back on the converter, the checkout's toast is not left on screen.
      await action(page, 'Back to Vectrace').first().click();
      await page.waitForURL((url) => url.pathname === '/');
      await visible(action(page, 'Pay $1.00').first());
      // At once, not when its own 5 seconds are up.
      expect(await toastTitles(page)).not.toContain('Payment Failed');
    });
  }
});

describe('a toast for each payment event says what happened', () => {
  test('subscribing says "You\'re on Pro"; cancelling says when Pro ends', async () => {
    const { page } = await site.newTab();
    await signUp(page, `news${Date.now()}`);
    await open(page, '/checkout?plan=pro');
    await page.getByRole('button', { name: 'Start Subscription - $5.99/month', exact: true }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await fillCard(page, goodCard);
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectToast(
      page,
      "You're on Pro",
      'Every conversion now downloads without paying, and you can convert up to 20 images at once.',
    );
    expect(await notifications(page).innerText()).not.toMatch(/converted files/);

    await open(page, '/account');
    await page.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel subscription', exact: true }).click();
    await expectToast(page, 'Pro cancelled');
    const news = await notifications(page).innerText();
    const endsOn = /Pro ends on (\d{1,2} \w+ \d{4})/.exec(news)?.[1];
    expect(endsOn, news).toBeTruthy();
    // The same date as the account page shows.
    await visible(page.getByText(`Your Pro plan is cancelled: it ends on ${endsOn}`, { exact: false }));
  });

  for (const { name, viewport } of sizes) {
    test(`at ${name} a $1 payment says the vector is ready to download, beside the download actions`, async () => {
      const { page } = await site.newTab({ viewport });
      await payPerUseCheckout(page);
      await fillCard(page, goodCard);
      await payButton(page).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expectToast(
        page,
        'Payment Verified',
        'Your payment has been confirmed. Your vector is ready to download.',
      );
      const download = await visible(action(page, 'Download SVG').first());
      const box = await download.boundingBox();
      if (!box) throw new Error('Download SVG has no box');
      await expectClear(page, box, 'Download SVG');
      await screenshot(page, `paid-toast-${name}`);
    });
  }

  for (const { name, viewport } of sizes) {
    test(`at ${name} a forged ?payment=success ends in "Payment not confirmed", not in Payment Processing`, async () => {
      const { page } = await site.newTab({ viewport });
      await open(page, '/');
      const id = await convertLogo(page);
      await page.goto(`/?payment=success&payment_intent=pi_forged&conversion_id=${id}`);
      await expectToast(
        page,
        'Payment not confirmed',
        'No such payment. Nothing has been unlocked: to download, pay from the converter.',
      );
      expect(await toastTitles(page)).not.toContain('Payment Processing');
      // The address no longer claims a payment, so a reload does not ask again.
      await expect
        .poll(() => new URL(page.url()).searchParams.has('payment'), { timeout: uiTimeout })
        .toBe(false);
      await visible(action(page, 'Pay $1.00').first());

      // Without a payment to check, the address's word is not taken either.
      await page.goto('/?payment=success');
      await expectToast(
        page,
        'Payment not confirmed',
        'This address names no payment we can check. Nothing has been unlocked: to download, pay from the converter.',
      );
    });
  }
});
