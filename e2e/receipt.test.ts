import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { convertLogo } from './support/converter.js';
import { downloadSvg, fillCard, goodCard } from './support/people.js';
import { open } from './support/routes.js';
import { useSite } from './support/site.js';
import { action, expectToast, uiTimeout, visible } from './support/ui.js';

const site = useSite();

const payButton = (page: Page) => page.getByRole('button', { name: /^Complete Payment - \$1(\.00)?$/ });
const linkField = (page: Page) => page.getByLabel('Link to this file', { exact: true });

/** The receipt this server kept for `to` (it runs without SMTP_URL: mail goes to the outbox). */
async function receiptTo(to: string): Promise<{ subject: string; text: string }> {
  const row = () =>
    site.server.deps.db.selectFrom('outbox').selectAll().where('to', '=', to).executeTakeFirst();
  await expect.poll(row, { timeout: uiTimeout }).toBeDefined();
  const mail = await row();
  if (!mail) throw new Error(`no receipt to ${to}`);
  return mail;
}

describe('a receipt and a way back to a $1 purchase', () => {
  test('a visitor pays $1 with an e-mail, copies the link, and a fresh browser opens the file from it', async () => {
    const { page, context } = await site.newTab();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url });
    await open(page, '/');
    const id = await convertLogo(page);
    await action(page, 'Pay $1.00').click();
    await page.waitForURL(/\/checkout\?plan=pay-per-use&conversion_id=/);

    // The address is optional, and checked with the sign-up rules before anything is paid.
    const email = page.getByLabel('E-mail for your receipt (optional)', { exact: true });
    await visible(email);
    await fillCard(page, goodCard);
    await email.fill('buyer at example.com');
    await payButton(page).click();
    await visible(page.getByText('Invalid email format', { exact: true }));
    expect(new URL(page.url()).pathname).toBe('/checkout');
    const buyer = `buyer${Date.now()}@example.com`;
    await email.fill(buyer);
    await screenshot(page, 'checkout-receipt-email');
    expect(await axeViolations(page)).toEqual([]);
    await payButton(page).click();
    await expectToast(page, 'Payment Successful', 'Thank you for your purchase!');
    await page.waitForURL((url) => url.pathname === '/');

    // Beside the download: the link, to keep without e-mail, and a Copy button.
    const link = await (await visible(linkField(page))).inputValue();
    expect(link.startsWith(`${site.server.url}/restore/${id}?sig=`)).toBe(true);
    await page.getByRole('button', { name: 'Copy link', exact: true }).click();
    await expectToast(page, 'Link Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await screenshot(page, 'home-paid-receipt-link');
    expect(await axeViolations(page)).toEqual([]);

    // The receipt carries the same link, with the file and the price.
    const receipt = await receiptTo(buyer);
    expect(receipt.subject).toContain('logo.png');
    expect(receipt.text).toContain('Price: $1.00');
    expect(receipt.text).toContain(link);

    // Another browser, never used before: the link brings the conversion into its converter, paid.
    const fresh = await site.newTab();
    await fresh.page.goto(link);
    await fresh.page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('conversion') === id, {
      timeout: uiTimeout,
    });
    await visible(action(fresh.page, 'Download SVG'));
    await visible(linkField(fresh.page));
    await expect(fresh.page.getByRole('heading', { name: 'Payment Required' }).count()).resolves.toBe(0);
    const svg = await downloadSvg(fresh.page);
    expect(svg).toMatch(/^(<\?xml[^>]*>\s*)?<svg[\s>]/);
    expect(svg).toContain('<path');
    await screenshot(fresh.page, 'restored-in-a-fresh-browser');
  });

  test('a link that was changed says it does not work, and leads back to the converter', async () => {
    const { page, expectFailedRequest } = await site.newTab();
    expectFailedRequest(403, /\/api\/restore$/);
    await page.goto(`/restore/${randomUUID()}?sig=made-up-by-hand`);
    await visible(page.getByRole('heading', { level: 1, name: "This link doesn't work" }));
    await visible(page.getByText(/cut short or changed when it was copied/));
    await screenshot(page, 'restore-link-refused');
    expect(await axeViolations(page)).toEqual([]);
    await action(page, 'Go to the converter').click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('the link of a conversion whose files were deleted says so, with what to do', async () => {
    const buyer = await site.newTab();
    await open(buyer.page, '/');
    const id = await convertLogo(buyer.page, (created) => site.markPaid(created));
    // The buyer's own page, still open, finds the files deleted too: whatever of this conversion
    // it asks for next (its thumbnail, preview, download or receipt link) answers 410.
    buyer.expectFailedRequest(410, new RegExp(`/api/[a-z-]+/(${id}[/?]|${id}$)`));
    const answer = await buyer.page.request.get(`/api/conversions/${id}/receipt-link`);
    expect(answer.status()).toBe(200);
    const { url } = (await answer.json()) as { url: string };
    await site.server.deps.db
      .updateTable('conversions')
      .set({ expiredAt: new Date().toISOString() })
      .where('id', '=', id)
      .execute();

    const { page, expectFailedRequest } = await site.newTab();
    expectFailedRequest(410, /\/api\/restore$/);
    await page.goto(url);
    await visible(page.getByRole('heading', { level: 1, name: 'This conversion has been deleted' }));
    await visible(page.getByText(/Please upload the image again to convert it/));
  });

  test('a link is ended from the receipt, after asking, and by its owner beside the download; an ended link says so', async () => {
    const buyer = await site.newTab();
    await open(buyer.page, '/');
    const id = await convertLogo(buyer.page, (created) => site.markPaid(created));
    const linkNow = async () => {
      const answer = await buyer.page.request.get(`/api/conversions/${id}/receipt-link`);
      return ((await answer.json()) as { url: string }).url;
    };
    const url = await linkNow();

    // The receipt's second link asks first; ending is a button.
    const holder = await site.newTab();
    await holder.page.goto(`${url}&end=1`);
    await visible(holder.page.getByRole('heading', { level: 1, name: 'End this link?' }));
    expect(await axeViolations(holder.page)).toEqual([]);
    await screenshot(holder.page, 'restore-end-link');
    await action(holder.page, 'End this link').click();
    await visible(holder.page.getByRole('heading', { level: 1, name: 'This link is ended' }));

    const late = await site.newTab();
    late.expectFailedRequest(410, /\/api\/restore$/);
    await late.page.goto(url);
    await visible(late.page.getByRole('heading', { level: 1, name: 'This link has been ended' }));

    // The buyer still has the file, and a new link, which they end from the converter.
    await buyer.page.reload();
    const field = await visible(linkField(buyer.page));
    const renewed = await linkNow();
    expect(renewed).not.toBe(url);
    await expect.poll(() => field.inputValue(), { timeout: uiTimeout }).toBe(renewed);
    await action(buyer.page, 'End this link').click();
    await visible(buyer.page.getByRole('dialog', { name: 'End this link?' }));
    await action(buyer.page, 'End link').click();
    await expectToast(buyer.page, 'Link ended');
    await expect.poll(() => field.inputValue(), { timeout: uiTimeout }).not.toBe(renewed);
    await visible(action(buyer.page, 'Download SVG'));
  });
});
