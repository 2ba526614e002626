import { sessionEndedMessage } from '@vectrace/contract';
import { describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe.js';
import { desktop, phone } from './support/browser.js';
import { convertLogo } from './support/converter.js';
import { signUp } from './support/people.js';
import { open, routes } from './support/routes.js';
import { useSite } from './support/site.js';

const site = useSite();

describe('every page meets WCAG 2.1 AA as axe-core checks it', () => {
  for (const route of routes) {
    test(`${route.path} on a desktop and a phone`, async () => {
      const { page } = await site.newTab();
      await open(page, route.path);
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize(phone);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('the 404 page on a desktop and a phone', async () => {
    const tab = await site.newTab();
    tab.expectFailedRequest(404, /\/no-such-page$/);
    await tab.page.goto('/no-such-page');
    await tab.page.getByRole('heading', { level: 1, name: 'This page does not exist' }).waitFor();
    expect(await axeViolations(tab.page)).toEqual([]);
    await tab.page.setViewportSize(phone);
    expect(await axeViolations(tab.page)).toEqual([]);
  });

  test('the account page signed in, then with its session ended, on a desktop and a phone', async () => {
    const tab = await site.newTab();
    const { page } = tab;
    tab.expectFailedRequest(401, /\/api\/keys$/);
    const name = `axe${Date.now().toString(36)}`;
    await signUp(page, name);
    await open(page, '/account');
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(phone);
    expect(await axeViolations(page)).toEqual([]);

    // Signed out in another tab: the next call shows the "session ended" row under the header.
    await page.context().clearCookies();
    await page.getByLabel('Key name').fill('CI');
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    await page.getByRole('banner').getByRole('alert').filter({ hasText: sessionEndedMessage }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(desktop);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the PNG export dialog, and a setting hint opened by a tap', async () => {
    const { page } = await site.newTab({ viewport: phone, hasTouch: true });
    await open(page, '/');
    await page.getByText('Advanced', { exact: true }).tap();
    await page.getByRole('button', { name: 'About Smoothness', exact: true }).tap();
    await page.getByRole('tooltip').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize(desktop);
    await convertLogo(page, (id) => site.markPaid(id));
    await page.getByRole('button', { name: 'Download PNG', exact: true }).click();
    await page.getByRole('dialog', { name: 'PNG Export Options' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the converter with a result, the Payment Required card and the download panel', async () => {
    const { page } = await site.newTab();
    await open(page, '/');
    await convertLogo(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the pay-per-use checkout with its card form', async () => {
    const { page } = await site.newTab();
    await open(page, '/');
    await convertLogo(page);
    await page.getByRole('link', { name: 'Pay $1.00' }).click();
    await page.getByLabel('Card number').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the sign-up form showing its validation messages', async () => {
    const { page } = await site.newTab();
    await open(page, '/auth');
    await page.getByRole('tab', { name: 'Sign Up', exact: true }).click();
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.getByText('Username must be at least 3 characters').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
