import { describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { password, signUp } from './support/people.js';
import { open } from './support/routes.js';
import { useSite } from './support/site.js';
import { expectToast, uiTimeout, visible } from './support/ui.js';

const site = useSite();

describe('the owner on a new browser while an account is being guessed at (checks 13 and 56)', () => {
  test('the refused owner gets a mail; its link makes the new browser one that may sign in, with the password', async () => {
    const name = `unlock${Date.now()}`;
    const email = `${name}@example.com`;
    const home = await site.newTab();
    await signUp(home.page, name);

    // 30 wrong guesses within the hour, each from another address, as rotating proxies send them.
    const now = Date.now();
    await site.server.deps.db
      .insertInto('loginFailures')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          usernameKey: name,
          ip: `100.67.0.${i + 1}`,
          createdAt: new Date(now - i * 1000).toISOString(),
        })),
      )
      .execute();

    // A new phone: refused, password unchecked, told that a link was mailed.
    const { page, expectFailedRequest } = await site.newTab();
    expectFailedRequest(429, /\/api\/login$/);
    await open(page, '/auth');
    await page.locator('input[name="username"]:visible').fill(name);
    await page.locator('input[name="password"]:visible').fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, 'Login failed');
    const toasts = page.getByRole('region', { name: /^Notifications/ });
    await visible(
      toasts.getByText(/We've e-mailed the account's owner a link that lets a new browser sign in/),
    );

    const mail = () =>
      site.server.deps.db.selectFrom('outbox').selectAll().where('to', '=', email).executeTakeFirst();
    await expect.poll(mail, { timeout: uiTimeout }).toBeDefined();
    const text = (await mail())?.text ?? '';
    const link = text.split('\n').find((line) => line.startsWith(`${site.server.url}/auth?unlock=`));
    expect(link, text).toBeDefined();

    // The link, opened on the phone: the page says so and fills in the username; no sign-in yet.
    await page.goto(link as string);
    await visible(
      page.getByText(`This browser can now sign in to ${name}. Enter your password.`, { exact: true }),
    );
    await expect(page.locator('input[name="username"]:visible').inputValue()).resolves.toBe(name);
    await screenshot(page, 'auth-unlocked-by-mail');
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('input[name="password"]:visible').fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, 'Welcome back!');
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('a changed link says so, and the page still offers the login form', async () => {
    const { page, expectFailedRequest } = await site.newTab();
    expectFailedRequest(400, /\/api\/login\/unlock$/);
    await page.goto(`${site.server.url}/auth?unlock=bm9ib2R5.99999999999999.forged`);
    await visible(page.getByRole('alert').getByText(/This sign-in link isn't valid/));
    await visible(page.getByRole('button', { name: 'Sign In', exact: true }));
  });
});
