import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { phone } from './support/browser.js';
import { convertLogo } from './support/converter.js';
import { open, routes } from './support/routes.js';
import { useSite } from './support/site.js';

const site = useSite();

// WCAG 2.1 A and AA as axe-core checks them: contrast, labels, names, landmarks, headings.
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

describe('every page meets WCAG 2.1 AA as axe-core checks it', () => {
  for (const route of routes) {
    test(`${route.path} on a desktop and a phone`, async () => {
      const { page } = await site.newTab();
      await open(page, route.path);
      expect(await violations(page)).toEqual([]);
      await page.setViewportSize(phone);
      expect(await violations(page)).toEqual([]);
    });
  }

  test('the converter with a result, the Payment Required card and the download panel', async () => {
    const { page } = await site.newTab();
    await open(page, '/');
    await convertLogo(page);
    expect(await violations(page)).toEqual([]);
  });

  test('the pay-per-use checkout with its card form', async () => {
    const { page } = await site.newTab();
    await open(page, '/');
    await convertLogo(page);
    await page.getByRole('link', { name: 'Pay $1.00' }).click();
    await page.getByLabel('Card number').waitFor();
    expect(await violations(page)).toEqual([]);
  });

  test('the sign-up form showing its validation messages', async () => {
    const { page } = await site.newTab();
    await open(page, '/auth');
    await page.getByRole('tab', { name: 'Sign Up', exact: true }).click();
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.getByText('Username must be at least 3 characters').waitFor();
    expect(await violations(page)).toEqual([]);
  });
});
