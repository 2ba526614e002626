import { acceptedImageTypes, type UploadTicket } from '@vectrace/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { logoPng } from '../apps/server/test/support/images.js';
import { type Claims, readClaims, type ServerTruth, untrueClaims, visibleText } from './support/claims.js';
import { convertLogo } from './support/converter.js';
import { fillCard, goodCard, signUp } from './support/people.js';
import { open } from './support/routes.js';
import { type Site, useSite } from './support/site.js';
import {
  action,
  downloadBy,
  downloadedBytes,
  expectToast,
  gone,
  pngSize,
  uiTimeout,
  visible,
} from './support/ui.js';

const site = useSite();

/** The pages that sell: each claim on them is checked against the server. */
const sellingPages = ['/', '/png-to-svg', '/how-to-vectorize-a-logo', '/cutting-engraving-plotting', '/auth'];

// PNG is both: an upload and a download (drawn in the export dialog), so it is checked as a download.
const inputOnly = new Set(
  Object.values(acceptedImageTypes)
    .flat()
    .map((extension) => extension.slice(1).toUpperCase())
    .filter((format) => format !== 'PNG'),
);

// What a file of each format starts with, so that a download is that format and not an error page.
const signatures: Record<string, RegExp> = {
  SVG: /^(<\?xml[^>]*>\s*)?<svg[\s>]/,
  EPS: /^%!PS-Adobe/,
  PDF: /^%PDF-/,
  DXF: /^\s*0\r?\nSECTION/,
};

/** A vector format downloads from `GET /api/download/{id}?format=...`, as a file of that format. */
async function downloadsAs(page: Page, conversionId: string, format: string): Promise<boolean> {
  const response = await page.request.get(`/api/download/${conversionId}?format=${format.toLowerCase()}`);
  if (response.status() !== 200) return false;
  const named = (response.headers()['content-disposition'] ?? '').includes(`.${format.toLowerCase()}"`);
  const head = (await response.body()).subarray(0, 200).toString('latin1');
  return named && (signatures[format]?.test(head) ?? true);
}

/** The PNG export dialog of the result on screen. */
async function pngDialog(page: Page) {
  await action(page, 'Download PNG').first().click();
  const dialog = page.getByRole('dialog', { name: 'PNG Export Options' });
  await visible(dialog);
  return dialog;
}

/** A PNG downloads from the export dialog, at its default width. */
async function exportsPng(page: Page): Promise<boolean> {
  const dialog = await pngDialog(page);
  const download = await downloadBy(page, () =>
    dialog.getByRole('button', { name: 'Download PNG', exact: true }).click(),
  );
  await gone(dialog);
  return pngSize(await downloadedBytes(download)).width > 0;
}

/** The export dialog takes a custom width of `side` pixels, and refuses one more. */
async function pngDialogAllowsUpTo(page: Page, side: number): Promise<boolean> {
  const dialog = await pngDialog(page);
  await dialog.getByRole('combobox', { name: 'Resolution' }).click();
  await page.getByRole('option', { name: 'Custom width' }).click();
  const width = dialog.getByLabel('Width in pixels');
  const download = dialog.getByRole('button', { name: 'Download PNG', exact: true });
  const takes = async (pixels: number) => {
    await width.fill(String(pixels));
    // The note under the field answers every width typed: the PNG's size, or why not.
    await visible(dialog.getByText(/^(The PNG will be|Width must be)/));
    return download.isEnabled();
  };
  const allowed = (await takes(side)) && !(await takes(side + 1));
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await gone(dialog);
  return allowed;
}

/** The server stores an upload of exactly `bytes` and refuses one byte more with 413. */
async function serverTakesUpTo(page: Page, bytes: number): Promise<boolean> {
  const png = await logoPng(30);
  const put = async (size: number) => {
    const ticket = (await (await page.request.post('/api/objects/upload')).json()) as UploadTicket;
    const body = Buffer.concat([png, Buffer.alloc(Math.max(0, size - png.length))]);
    const answer = await page.request.put(ticket.uploadURL, {
      data: body,
      headers: { 'content-type': 'image/png' },
    });
    return answer.status();
  };
  return (await put(bytes)) === 200 && (await put(bytes + 1)) === 413;
}

/** The server's answers to each claim, for a paid conversion on the page; each asked once. */
function serverTruth(page: Page, conversionId: string, charged: ServerTruth['charged']): ServerTruth {
  const asked = new Map<string, Promise<boolean>>();
  const once = (key: string, ask: () => Promise<boolean>) => {
    if (!asked.has(key)) asked.set(key, ask());
    return asked.get(key) as Promise<boolean>;
  };
  return {
    isInput: (format) => inputOnly.has(format),
    downloads: (format) =>
      once(`format ${format}`, () =>
        format === 'PNG' ? exportsPng(page) : downloadsAs(page, conversionId, format),
      ),
    pngMaxSide: (side) => once(`png ${side}`, () => pngDialogAllowsUpTo(page, side)),
    uploadLimit: (megabytes) =>
      once(`upload ${megabytes}`, () => serverTakesUpTo(page, Math.round(megabytes * 1024 * 1024))),
    charged,
  };
}

/** The claims of every selling page, all together. */
async function readSellingPages(page: Page): Promise<string> {
  const texts: string[] = [];
  for (const path of sellingPages) {
    await open(page, path);
    texts.push(await visibleText(page));
  }
  return texts.join('\n');
}

/** What the sandbox charges for a month of Pro: the hosted checkout's session, as the server has it. */
async function proCharge(site: Site): Promise<{ cents: number; text: string }> {
  const { page } = await site.newTab();
  await signUp(page, `claims${Date.now()}`);
  await open(page, '/checkout?plan=pro');
  const text = await visibleText(page);
  await page.getByRole('button', { name: /^Start Subscription/ }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  const session = await page.request.get(`/api/sandbox/checkout-sessions/${id}`);
  expect(session.status()).toBe(200);
  await visible(page.getByRole('button', { name: 'Subscribe', exact: true }));
  return { cents: (await session.json()).amount, text: `${text}\n${await visibleText(page)}` };
}

describe('every sentence true: what the pages claim is what the server provides', () => {
  test('every format, size and price on the pages and both checkouts is what a real paid conversion gets', async () => {
    const { page } = await site.newTab();
    let text = await readSellingPages(page);

    // A visitor converts, reads the result and the pay-per-use checkout, and pays in the sandbox.
    await open(page, '/');
    const id = await convertLogo(page);
    text += `\n${await visibleText(page)}`;
    const intentAnswer = page.waitForResponse(
      (r) => r.url().endsWith('/api/create-payment-intent') && r.request().method() === 'POST',
    );
    await page.goto(`/checkout?plan=pay-per-use&conversion_id=${id}`);
    const { paymentIntentId } = await (await intentAnswer).json();
    await visible(page.getByLabel('Card number'));
    text += `\n${await visibleText(page)}`;
    const intent = await site.server.deps.payments.retrievePaymentIntent(paymentIntentId);
    expect(intent.currency).toBe('usd');
    await fillCard(page, goodCard);
    await page.getByRole('button', { name: /^Complete Payment/ }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectToast(page, 'Payment Verified');
    text += `\n${await visibleText(page)}`;

    const pro = await proCharge(site);
    text += `\n${pro.text}`;

    const claims = readClaims(text);
    // The pages do make each kind of claim, so that each is really checked.
    expect([...claims.formats]).toEqual(expect.arrayContaining(['SVG', 'EPS', 'PDF', 'DXF', 'PNG']));
    expect(claims.pngMaxSides.size).toBeGreaterThan(0);
    expect(claims.uploadMegabytes.size).toBeGreaterThan(0);
    expect(claims.prices.filter((p) => p.per === 'conversion').length).toBeGreaterThan(0);
    expect(claims.prices.filter((p) => p.per === 'month').length).toBeGreaterThan(0);

    const truth = serverTruth(page, id, { conversion: intent.amount, month: pro.cents });
    expect(await untrueClaims(claims, truth)).toEqual([]);
  }, 240_000);

  test(
    'a page that claimed AI, a PNG up to 4096 px or another price would fail the check above',
    async () => {
      const { page } = await site.newTab();
      await open(page, '/');
      const id = await convertLogo(page, (conversionId) => site.markPaid(conversionId));
      await page.evaluate(() => {
        const claim = document.createElement('p');
        claim.textContent =
          'Download SVG, EPS, PDF, DXF, AI, or a PNG up to 4096 px, for $2.00 per conversion or $1 a month.';
        document.querySelector('main')?.append(claim);
      });
      const claims: Claims = readClaims(await page.locator('main').innerText());
      const truth = serverTruth(page, id, { conversion: 100, month: 599 });
      const problems = await untrueClaims(claims, truth);
      expect(problems).toEqual(
        expect.arrayContaining([
          'AI is claimed, but does not download',
          'PNG up to 4096 px is claimed, but not what is allowed',
          '$2.00 per conversion is not what is charged',
          '$1 is not written as the other prices ($1.00)',
          '$1 per month is not what is charged',
        ]),
      );
      // The true claims beside them pass.
      expect(problems.join('\n')).not.toMatch(/^(SVG|EPS|PDF|DXF|PNG) is claimed/m);
    },
    uiTimeout * 8,
  );
});
