import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { phone } from './support/browser.js';
import { convertLogo } from './support/converter.js';
import { signUp } from './support/people.js';
import { open, routes } from './support/routes.js';
import { useSite } from './support/site.js';
import { gone, uiTimeout, visible } from './support/ui.js';

const site = useSite();

/** Where focus is against the page's <main>: in it, after it (the footer), or before it (the header). */
function focusAgainstMain(page: Page): Promise<'in' | 'after' | 'before' | 'nowhere'> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    const active = document.activeElement;
    if (!main || !active || active === document.body) return 'nowhere';
    if (main.contains(active)) return 'in';
    return main.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING ? 'after' : 'before';
  });
}

/** Waits until the element stops moving (a smooth scroll has ended): a scroll closes a tooltip. */
async function settled(locator: Locator): Promise<void> {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await locator.boundingBox());
        const same = now === last;
        last = now;
        return same;
      },
      { timeout: uiTimeout, interval: 100 },
    )
    .toBe(true);
}

/** Whether this element has focus. */
const hasFocus = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

describe('the skip link', () => {
  for (const route of routes) {
    test(`on ${route.path}, Tab once shows "Skip to content" and Enter moves focus into the main content`, async () => {
      const { page } = await site.newTab();
      await open(page, route.path);
      await page.keyboard.press('Tab');
      const link = page.getByRole('link', { name: 'Skip to content', exact: true });
      expect(await hasFocus(link), 'the first Tab stop is the skip link').toBe(true);
      // Shown while focused: a real box inside the window, not a 1 px clip.
      const box = await link.boundingBox();
      expect(box && box.width > 40 && box.height > 16 && box.y >= 0 && box.y < 100, JSON.stringify(box)).toBe(
        true,
      );

      await page.keyboard.press('Enter');
      expect(await focusAgainstMain(page), 'focus is on <main>').toBe('in');
      // The next Tab goes on from the content (or past it, where it has no control), not back
      // through the header.
      await page.keyboard.press('Tab');
      expect(await focusAgainstMain(page), 'the next Tab stop').not.toBe('before');
    });
  }
});

describe('focus after a dialog', () => {
  test('Esc or Close from the PNG export dialog puts focus back on Download PNG', async () => {
    const { page } = await site.newTab();
    await open(page, '/');
    await convertLogo(page, (id) => site.markPaid(id));
    const opener = page.getByRole('button', { name: 'Download PNG', exact: true });
    const dialog = page.getByRole('dialog', { name: 'PNG Export Options' });

    await opener.focus();
    await page.keyboard.press('Enter');
    await visible(dialog);
    await page.keyboard.press('Escape');
    await gone(dialog);
    await expect.poll(() => hasFocus(opener), { timeout: uiTimeout }).toBe(true);

    await page.keyboard.press('Enter');
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await gone(dialog);
    await expect.poll(() => hasFocus(opener), { timeout: uiTimeout }).toBe(true);
  });

  test('the new API key dialog gives focus back to Create key; revoking the key leaves it on the name field', async () => {
    const { page } = await site.newTab();
    await signUp(page, `keys${Date.now().toString(36)}`);
    await open(page, '/account');
    await page.getByLabel('Key name').fill('Build server');
    const create = page.getByRole('button', { name: 'Create key', exact: true });
    await create.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Your new API key' });
    await visible(dialog);
    await page.keyboard.press('Escape');
    await gone(dialog);
    await expect.poll(() => hasFocus(create), { timeout: uiTimeout }).toBe(true);

    // The row goes, with the button that opened the confirmation: focus must not fall to the page.
    const revoke = page.getByRole('button', { name: 'Revoke Build server', exact: true });
    await revoke.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Revoke “Build server”?' });
    await visible(confirm);
    await confirm.getByRole('button', { name: 'Revoke key', exact: true }).focus();
    await page.keyboard.press('Enter');
    await gone(revoke);
    await expect.poll(() => hasFocus(page.getByLabel('Key name')), { timeout: uiTimeout }).toBe(true);
  });
});

describe('the (i) hints beside the settings', () => {
  test('on a phone, a tap opens one and a second tap closes it; the target is at least 24 px square', async () => {
    const { page } = await site.newTab({ viewport: phone, hasTouch: true });
    await open(page, '/');
    await page.getByText('Advanced', { exact: true }).tap();
    const hint = page.getByRole('button', { name: 'About Smoothness', exact: true });
    await hint.scrollIntoViewIfNeeded();
    const box = await hint.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);

    const text = page.getByRole('tooltip').filter({ hasText: 'How much curves are smoothed' });
    await hint.tap();
    await visible(text);
    // Named as the button's description, so a screen reader reads it with the button.
    const describedBy = await hint.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toContain('How much curves are smoothed');
    await hint.tap();
    await gone(text);

    // Another tap elsewhere closes an open one too.
    await hint.tap();
    await visible(text);
    await page.getByRole('heading', { name: 'Conversion Settings' }).tap();
    await gone(text);
  });

  test('with the keyboard: focus shows it, Enter keeps it, Esc closes it', async () => {
    const { page } = await site.newTab();
    await open(page, '/');
    await page.getByText('Advanced', { exact: true }).click();
    const hint = page.getByRole('button', { name: 'About Quality', exact: true });
    const text = page.getByRole('tooltip').filter({ hasText: 'How closely curves follow the image' });
    await hint.scrollIntoViewIfNeeded();
    await settled(hint);
    await hint.focus();
    await visible(text);
    await page.keyboard.press('Enter');
    await visible(text);
    await page.keyboard.press('Escape');
    await gone(text);
  });
});

describe('an anonymous visit', () => {
  for (const path of ['/', '/png-to-svg']) {
    test(`${path} loads without a console error or a refused request`, async () => {
      const tab = await site.newTab();
      const refused: string[] = [];
      tab.page.on('response', (response) => {
        if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
      });
      await open(tab.page, path);
      await tab.page.waitForLoadState('networkidle');
      expect(refused).toEqual([]);
      expect(tab.errors).toEqual([]);
    });
  }
});
