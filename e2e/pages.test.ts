import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot } from './support/browser.js';
import { open, pageMeta, routes } from './support/routes.js';
import { useSite } from './support/site.js';
import { action, uiTimeout, visible } from './support/ui.js';

const site = useSite();

const pageLinks = [
  { name: 'Home', path: '/' },
  { name: 'PNG to SVG', path: '/png-to-svg' },
  { name: 'How to Vectorize a Logo', path: '/how-to-vectorize-a-logo' },
  { name: 'Privacy', path: '/privacy' },
];

/** The navigation the static pages share: the one with a Home link. */
const pagesNav = (page: Page) =>
  page
    .getByRole('navigation')
    .filter({ has: page.getByRole('link', { name: 'Home', exact: true }) })
    .first();

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const text = (page: Page) => page.locator('body').innerText();

/** Where a link goes, resolved against the page: "/#api" and "#api" on / are the same place. */
async function target(page: Page, link: ReturnType<Page['getByRole']>): Promise<string> {
  const url = new URL((await link.getAttribute('href')) ?? '', page.url());
  return `${url.pathname}${url.search}${url.hash}`;
}

async function expectSharedFrame(page: Page) {
  const nav = pagesNav(page);
  for (const link of pageLinks) {
    expect(await target(page, nav.getByRole('link', { name: link.name, exact: true }))).toBe(link.path);
  }
  expect(await page.getByRole('contentinfo').innerText()).toContain('© 2024');
}

describe('pages', () => {
  test('/png-to-svg is the converter guide, with the shared navigation and footer', async () => {
    const { page } = await site.newTab();
    await open(page, '/png-to-svg');
    expect(await h1(page).innerText()).toBe('PNG to SVG: Free Online Converter');
    await expectSharedFrame(page);
    await screenshot(page, 'page-png-to-svg');
  });

  test('/how-to-vectorize-a-logo gives six steps and asks for 300 DPI', async () => {
    const { page } = await site.newTab();
    await open(page, '/how-to-vectorize-a-logo');
    expect((await h1(page).innerText()).trim()).not.toBe('');
    const steps = await page.evaluate(() => ({
      lists: [...document.querySelectorAll('main ol')].map((ol) => ol.querySelectorAll(':scope > li').length),
      headings: [...document.querySelectorAll('main h2, main h3, main h4')].filter((h) =>
        /^\s*(step\s*\d+|\d+\s*[.:)])/i.test(h.textContent ?? ''),
      ).length,
    }));
    expect(steps.lists.includes(6) || steps.headings === 6, JSON.stringify(steps)).toBe(true);
    expect(await text(page)).toContain('300 DPI');
    await expectSharedFrame(page);
    await screenshot(page, 'page-how-to-vectorize-a-logo');
  });

  test("/cutting-engraving-plotting covers each makers' option and the formats that carry it", async () => {
    const { page } = await site.newTab();
    await open(page, '/cutting-engraving-plotting');
    const body = await text(page);
    for (const words of [
      'Centerline',
      'Cut-out',
      'Palette',
      'True shapes',
      'Cut contour',
      'Transparency silhouette',
      'Light lines on a dark ground',
    ])
      expect(body).toContain(words);
    for (const format of ['SVG', 'EPS', 'PDF', 'DXF'])
      await visible(page.locator('#formats dt').getByText(format, { exact: true }));
    expect(body).toContain('id="cut"');
    await expectSharedFrame(page);
    expect(
      await target(
        page,
        page.getByRole('contentinfo').getByRole('link', { name: 'Cutting, Engraving and Plotting' }),
      ),
    ).toBe('/cutting-engraving-plotting');
    await screenshot(page, 'page-cutting-engraving-plotting');
  });

  test('/privacy states its date, a contact address, the reply time and the minimum age', async () => {
    const { page } = await site.newTab();
    await open(page, '/privacy');
    expect(await h1(page).innerText()).toBe('Privacy Policy');
    const body = await text(page);
    expect(body).toContain('Last updated: December 2024');
    expect(body).toMatch(/[\w.+-]+@[\w-]+(\.[\w-]+)+/);
    expect(body).toContain('48 hours');
    expect(body).toMatch(/\b13\b/);
    await expectSharedFrame(page);
    await screenshot(page, 'page-privacy');
  });

  test('the navigation leads from page to page', async () => {
    const { page } = await site.newTab();
    await open(page, '/png-to-svg');
    for (const [name, path] of [
      ['How to Vectorize a Logo', '/how-to-vectorize-a-logo'],
      ['Privacy', '/privacy'],
      ['PNG to SVG', '/png-to-svg'],
      ['Home', '/'],
    ]) {
      await pagesNav(page).getByRole('link', { name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path, { timeout: uiTimeout });
      const route = routes.find((r) => r.path === path);
      await visible(route?.ready(page) ?? h1(page));
    }
  });

  test('every page has a title of its own and a description', async () => {
    const { page } = await site.newTab();
    const titles = new Map<string, string>();
    for (const route of routes) {
      await open(page, route.path);
      // The title is set once the page has rendered.
      await expect.poll(async () => (await pageMeta(page)).title, { timeout: uiTimeout }).not.toBe('');
      const meta = await pageMeta(page);
      expect(meta.description?.trim(), `${route.path} has a meta description`).toBeTruthy();
      titles.set(route.path, meta.title);
    }
    expect(new Set(titles.values()).size, JSON.stringify(Object.fromEntries(titles), null, 1)).toBe(
      routes.length,
    );
  });

  test('what the pages say is sold is what a paid conversion downloads: every format, PNG to 8192 px', async () => {
    const { page } = await site.newTab();
    for (const path of ['/', '/auth', '/png-to-svg', '/how-to-vectorize-a-logo']) {
      await open(page, path);
      const text = await page.locator('body').innerText();
      // Formats are not held back for Pro, PNG is not capped at 4096 px, and Pro takes batches.
      expect(text, path).not.toMatch(
        /Pro adds|EPS and PDF with Pro|as SVG or PNG|4096 px|One file at a time\./,
      );
    }
    await open(page, '/auth');
    await visible(
      page.getByText('SVG, EPS, PDF, DXF and PNG with every paid conversion; PNG up to 8192 px.'),
    );
  });

  test('an unknown address answers 404 and shows the not-found page', async () => {
    const tab = await site.newTab();
    tab.expectFailedRequest(404, /\/no-such-page$/);
    const response = await tab.page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await visible(tab.page.getByRole('heading', { name: 'This page does not exist' }));
    await visible(tab.page.getByText(/The link may be old or mistyped/));
    // In the product's voice: no word to its developers.
    expect(await tab.page.getByText(/router|forget/i).count()).toBe(0);
    await screenshot(tab.page, 'page-not-found');
  });

  test("the home page's header leads to its sections, and a visitor is offered Login", async () => {
    const { page } = await site.newTab();
    await open(page, '/');
    const header = page.getByRole('banner');
    for (const [name, id] of [
      ['Features', 'features'],
      ['Pricing', 'pricing'],
      ['API', 'api'],
    ]) {
      const link = header.getByRole('link', { name, exact: true }).first();
      expect(await target(page, link)).toBe(`/#${id}`);
      await link.click();
      await page.waitForURL((url) => url.hash === `#${id}`, { timeout: uiTimeout });
      await expect.poll(() => page.locator(`#${id}`).isVisible()).toBe(true);
    }
    await visible(page.locator('#faq'));
    const login = action(header, 'Login');
    expect(await target(page, login)).toBe('/auth');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'page-home');
  });

  test('the FAQ opens one of its eight questions at a time', async () => {
    const { page } = await site.newTab();
    await open(page, '/');
    const questions = page.locator('#faq').locator('button[aria-expanded]');
    expect(await questions.count()).toBe(8);
    const expanded = async () =>
      (await questions.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-expanded')))).map(
        (value) => value === 'true',
      );
    await questions.nth(0).click();
    await expect.poll(expanded).toEqual([true, false, false, false, false, false, false, false]);
    await questions.nth(1).click();
    await expect.poll(expanded).toEqual([false, true, false, false, false, false, false, false]);
    await screenshot(page, 'page-home-faq');
  });
});
