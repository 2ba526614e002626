import { weakPasswordMessage } from '@vectrace/contract';
import { describe, expect, test } from 'vitest';
import { screenshot } from './support/browser.js';
import { fillCard, goodCard, password, signIn, signUp } from './support/people.js';
import { open } from './support/routes.js';
import { useSite } from './support/site.js';
import { action, expectToast, visible } from './support/ui.js';

const site = useSite();

describe('the account page', () => {
  test('linked from the username; shows the plan; changes the password, revoking the API keys', async () => {
    const name = `acct${Date.now()}`;
    const tab = await site.newTab();
    const { page } = tab;
    await signUp(page, name);
    await page.getByRole('link', { name: `${name}, your account` }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Your account' }));
    await visible(page.getByText('Free', { exact: true }));
    await visible(page.getByText('Conversions this month', { exact: true }));
    await visible(page.getByRole('heading', { name: 'Your conversions' }));

    await page.getByLabel('Key name').fill('CI');
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Done', exact: true }).click();
    const keys = page.getByRole('list', { name: 'Your API keys' });
    await visible(keys.getByText('CI', { exact: true }));

    // A password easy to guess is refused (400, which the browser logs) with the server's
    // sentence saying what to do.
    tab.expectFailedRequest(400, /\/api\/account\/password$/);
    await page.getByLabel('Current password').fill(password);
    await page.getByLabel('New password', { exact: true }).fill(`${name}${name}`);
    await page.getByLabel('Confirm new password').fill(`${name}${name}`);
    await page.getByRole('button', { name: 'Change password', exact: true }).click();
    await visible(page.getByText(weakPasswordMessage, { exact: true }));

    const revoke = page.getByRole('checkbox', { name: /Also revoke my API keys/ });
    expect(await revoke.isChecked()).toBe(true);
    await page.getByLabel('New password', { exact: true }).fill('a brand new secret');
    await page.getByLabel('Confirm new password').fill('a brand new secret');
    await page.getByRole('button', { name: 'Change password', exact: true }).click();
    await expectToast(
      page,
      'Password changed',
      'Other browsers signed in to this account were signed out, and its API keys revoked.',
    );
    await visible(page.getByText('No keys yet.'));

    const other = await site.newTab();
    await signIn(other.page, name, 'a brand new secret');
    await visible(other.page.getByRole('link', { name: `${name}, your account` }));
  });

  test('cancelling Pro asks first, keeps Pro with its end date, and can be taken back', async () => {
    const name = `pro${Date.now()}`;
    const { page } = await site.newTab();
    await signUp(page, name);
    await open(page, '/checkout?plan=pro');
    await page.getByRole('button', { name: 'Start Subscription - $5.99/month', exact: true }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await fillCard(page, goodCard);
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expectToast(page, "You're on Pro");

    await open(page, '/account');
    await visible(page.getByText('Renews on', { exact: true }));
    await page.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(/Pro stays until \d+ \w+ \d{4}/));
    await visible(dialog.getByText(/Conversions completed while you are Pro stay downloadable/));
    await dialog.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
    await visible(page.getByText('Pro until', { exact: true }));
    await expectToast(page, 'Pro cancelled');
    await visible(page.getByRole('main').getByText(/ends on \d+ \w+ \d{4} and will not renew/));
    // Focus is on the button that took the pressed one's place, not lost to the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Keep Pro');
    await screenshot(page, 'account-pro-cancelled');
    // Still Pro until then.
    await visible(page.getByText('Pro', { exact: true }).first());
    await page.getByRole('button', { name: 'Keep Pro', exact: true }).click();
    await visible(page.getByText('Renews on', { exact: true }));
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Cancel subscription');
  });

  test('deleting the account asks for the password, then nothing of it is left', async () => {
    const name = `gone${Date.now()}`;
    const { page } = await site.newTab();
    await signUp(page, name);
    await open(page, '/account');
    await page.getByRole('button', { name: 'Delete account', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Delete everything', exact: true }).click();
    await expectToast(page, 'Account deleted');
    await page.waitForURL((url) => url.pathname === '/');
    await visible(action(page, 'Login'));

    const again = await site.newTab();
    again.expectFailedRequest(401, /\/api\/login$/);
    await open(again.page, '/auth');
    await again.page.locator('input[name="username"]:visible').fill(name);
    await again.page.locator('input[name="password"]:visible').fill(password);
    await again.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(again.page, 'Login failed', 'Invalid username or password');
    expect(new URL(again.page.url()).pathname).toBe('/auth');
  });
});

describe('legal pages and the checkout', () => {
  test('the terms state the refund rule, and the checkout shows the image being bought with working legal links', async () => {
    const { page } = await site.newTab();
    await open(page, '/terms');
    await visible(page.getByText(/refund it in full/));
    await open(page, '/');
    await page.getByRole('button', { name: 'Try the logo sample', exact: true }).click();
    await action(page, 'Pay $1.00').click();
    await page.waitForURL(/\/checkout\?plan=pay-per-use/);
    const bought = page.getByRole('img', { name: 'What you are buying: sample-logo.png' });
    await visible(bought);
    await expect.poll(() => bought.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Terms of Service', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/terms');
    await visible(page.getByRole('heading', { level: 1, name: 'Terms of Service' }));
  });
});
