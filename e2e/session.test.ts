import { sessionEndedMessage } from '@vectrace/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { phone, screenshot } from './support/browser.js';
import { convertLogo } from './support/converter.js';
import { downloadSvg, password, signUp } from './support/people.js';
import { open } from './support/routes.js';
import { useSite } from './support/site.js';
import { expectToast, gone, uiTimeout, visible } from './support/ui.js';

const site = useSite();

const header = (page: Page) => page.getByRole('banner');
const notice = (page: Page) => page.getByRole('alert').filter({ hasText: sessionEndedMessage });

/** The server forgets the user's sessions, as when they expire: the browser still holds its cookie. */
async function endSessionsOf(username: string): Promise<void> {
  const { db } = site.server.deps;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  await db.deleteFrom('sessions').where('userId', '=', user.id).execute();
}

/** Signed out, as the header shows it: Login, and no username or Logout. */
async function expectSignedOut(page: Page, name: string): Promise<void> {
  await visible(header(page).getByRole('link', { name: 'Login', exact: true }));
  expect(await header(page).getByText(name, { exact: true }).count()).toBe(0);
  expect(await header(page).getByRole('button', { name: 'Logout' }).count()).toBe(0);
}

/** Fills the login form on the page it is on (the sign-in page opened from the notice). */
async function signInHere(page: Page, name: string): Promise<void> {
  await page.locator('input[name="username"]:visible').fill(name);
  await page.locator('input[name="password"]:visible').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(page, 'Welcome back!');
}

describe('a session that ends while the page is open', () => {
  test('opening the account page signs out visibly, and signing in again comes back to it', async () => {
    const tab = await site.newTab();
    const { page } = tab;
    // The account's figures are refused once the session is gone, which the browser logs.
    tab.expectFailedRequest(401, /\/api\/account$/);
    const name = `ended${Date.now().toString(36)}`;
    await signUp(page, name);
    await visible(header(page).getByText(name, { exact: true }));

    await endSessionsOf(name);
    await header(page)
      .getByRole('link', { name: `${name}, your account` })
      .click();

    await visible(notice(page));
    await expectSignedOut(page, name);
    // The page stays: the account page, asking to sign in, not a jump elsewhere.
    expect(new URL(page.url()).pathname).toBe('/account');
    await visible(page.getByRole('heading', { level: 1, name: 'Your account' }));
    await page.setViewportSize(phone);
    await screenshot(page, 'session-ended-account-phone');

    await notice(page).getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === '/account', {
      timeout: uiTimeout,
    });
    await signInHere(page, name);
    await page.waitForURL((url) => url.pathname === '/account', { timeout: uiTimeout });
    await visible(page.getByText(`Signed in as ${name}`, { exact: false }));
    await visible(header(page).getByText(name, { exact: true }));
    expect(await notice(page).count()).toBe(0);
  });

  test('Download after signing out in another tab offers to sign in, and the result comes back after', async () => {
    const tab = await site.newTab();
    const { page, context } = tab;
    // Everything the page asks of the account (its result, the image) is refused until the user
    // signs in again, which the browser logs.
    tab.expectFailedRequest(401, /\/(api|objects)\//);
    const name = `tabs${Date.now().toString(36)}`;
    await signUp(page, name);
    const id = await convertLogo(page, (conversionId) => site.markPaid(conversionId));

    // The same browser, another tab: Logout there ends the session this tab still shows.
    const other = await context.newPage();
    await open(other, '/');
    await header(other).getByRole('button', { name: 'Logout' }).click();
    await expectToast(other, 'Goodbye!');
    await other.close();
    await visible(header(page).getByText(name, { exact: true }));

    await page.getByRole('button', { name: 'Download SVG', exact: true }).click();
    await visible(notice(page));
    await expectSignedOut(page, name);
    expect(new URL(page.url()).pathname).toBe('/');
    // Not the server's old "Not signed in, and no conversions in this browser yet".
    await expectToast(page, 'Download Failed', sessionEndedMessage);
    await screenshot(page, 'session-ended-download-desktop');

    await notice(page).getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/auth', { timeout: uiTimeout });
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/?conversion=${id}`);
    await signInHere(page, name);
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('conversion') === id, {
      timeout: uiTimeout,
    });
    await gone(notice(page));
    expect(await downloadSvg(page)).toContain('<path');
  });
});
