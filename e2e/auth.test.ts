import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { phone, screenshot } from './support/browser.js';
import { open } from './support/routes.js';
import { useSite } from './support/site.js';
import { action, enabled, expectToast, gate, gone, uiTimeout, visible } from './support/ui.js';

const site = useSite();

const loginTab = (page: Page) => page.getByRole('tab', { name: 'Login', exact: true });
const signUpTab = (page: Page) => page.getByRole('tab', { name: 'Sign Up', exact: true });
/** The shown tab's form (Radix renders only the active panel's content). */
const panel = (page: Page) => page.getByRole('tabpanel');
const field = (page: Page, name: string) => panel(page).locator(`input[name="${name}"]`);

/** Asserts the message shows between its field and the next one down. */
async function expectMessageUnder(page: Page, name: string, message: string, next?: string) {
  const shown = await visible(panel(page).getByText(message, { exact: true }));
  const input = await field(page, name).boundingBox();
  const box = await shown.boundingBox();
  expect(input && box, `${message}: on screen`).toBeTruthy();
  if (!input || !box) return;
  expect(box.y, `"${message}" is under the ${name} field`).toBeGreaterThanOrEqual(input.y + input.height - 1);
  if (next) {
    const below = await field(page, next).boundingBox();
    expect(box.y + box.height, `"${message}" is above the ${next} field`).toBeLessThanOrEqual(below?.y ?? 0);
  }
}

async function fill(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await field(page, name).fill(value);
}

/** Watches for calls to a path, to check a form did not send anything. */
function callsTo(page: Page, path: string): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) calls.push(`${request.method()} ${path}`);
  });
  return calls;
}

const header = (page: Page) => page.getByRole('banner');

describe('accounts', () => {
  test('the sign-up form explains each invalid field under it and sends nothing', async () => {
    const { page } = await site.newTab();
    await open(page, '/auth');
    await visible(page.getByText('Welcome back', { exact: true }));
    await visible(page.getByText('Convert Images to Vectors', { exact: true }));
    await screenshot(page, 'auth-login-desktop');

    await signUpTab(page).click();
    await visible(page.getByText('Create an account', { exact: true }));
    for (const name of ['username', 'email', 'password', 'confirmPassword']) {
      const labels = await field(page, name).evaluate((input: HTMLInputElement) =>
        [...(input.labels ?? [])].map((label) => label.innerText.trim()),
      );
      expect(labels.filter(Boolean), `${name} has a visible label`).not.toEqual([]);
    }
    const register = callsTo(page, '/api/register');
    const submit = page.getByRole('button', { name: 'Create Account', exact: true });

    await fill(page, { username: 'ab', email: 'not-an-email', password: 'short', confirmPassword: 'other' });
    await submit.click();
    await expectMessageUnder(page, 'username', 'Username must be at least 3 characters', 'email');
    await expectMessageUnder(page, 'email', 'Invalid email format', 'password');
    await expectMessageUnder(page, 'password', 'Password must be at least 8 characters', 'confirmPassword');
    await expectMessageUnder(page, 'confirmPassword', "Passwords don't match");
    await screenshot(page, 'auth-signup-errors-desktop');

    const long = 'x'.repeat(101);
    await fill(page, {
      username: 'a'.repeat(51),
      email: `${'a'.repeat(244)}@example.com`,
      password: long,
      confirmPassword: long,
    });
    await submit.click();
    await expectMessageUnder(page, 'username', 'Username must be at most 50 characters', 'email');
    await expectMessageUnder(page, 'email', 'Email must be at most 255 characters', 'password');
    await expectMessageUnder(page, 'password', 'Password must be at most 100 characters', 'confirmPassword');
    await gone(panel(page).getByText("Passwords don't match", { exact: true }));

    await fill(page, {
      username: 'bad name!',
      email: 'ok@example.com',
      password: 'long enough',
      confirmPassword: 'long enough',
    });
    await submit.click();
    await expectMessageUnder(
      page,
      'username',
      'Username can only contain letters, numbers, hyphens, and underscores',
      'email',
    );
    await gone(panel(page).getByText('Invalid email format', { exact: true }));
    expect(register).toEqual([]);

    // Each password field has its own show/hide toggle.
    const toggles = panel(page).getByRole('button', { name: 'Show password', exact: true });
    expect(await toggles.count()).toBe(2);
    await toggles.first().click();
    expect(await field(page, 'password').getAttribute('type')).toBe('text');
    expect(await field(page, 'confirmPassword').getAttribute('type')).toBe('password');
    await panel(page).getByRole('button', { name: 'Hide password', exact: true }).click();
    expect(await field(page, 'password').getAttribute('type')).toBe('password');

    await loginTab(page).click();
    await visible(page.getByText('Welcome back', { exact: true }));
    const login = callsTo(page, '/api/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectMessageUnder(page, 'username', 'Username is required', 'password');
    await expectMessageUnder(page, 'password', 'Password is required');
    expect(login).toEqual([]);
    await panel(page).getByRole('button', { name: 'Show password', exact: true }).click();
    expect(await field(page, 'password').getAttribute('type')).toBe('text');

    await page.setViewportSize(phone);
    await screenshot(page, 'auth-login-phone');
  });

  test('a new user signs up, logs out, fails with a wrong password, then logs in', async () => {
    const tab = await site.newTab();
    const { page } = tab;
    const name = `e2e_${Date.now().toString(36)}`;
    const password = 'correct horse battery';
    await open(page, '/auth');
    await signUpTab(page).click();
    await fill(page, { username: name, email: `${name}@example.com`, password, confirmPassword: password });

    // The answer is held a moment so the pending state can be seen.
    const answer = gate();
    await page.route(/\/api\/register$/, async (route) => {
      await answer.opened;
      await route.fallback();
    });
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await enabled(page.getByRole('button', { name: 'Creating account...', exact: true }), false);
    answer.open();
    await expectToast(page, 'Welcome!', `Account created successfully. Welcome, ${name}!`);
    await page.waitForURL((url) => url.pathname === '/', { timeout: uiTimeout });
    await visible(header(page).getByText(name, { exact: true }));
    await visible(header(page).getByRole('button', { name: 'Logout', exact: true }));
    await visible(page.getByText('Processing Queue', { exact: true }));
    await visible(page.getByText('No items in queue', { exact: true }));

    // Signed in, /auth has nothing to offer: back to the converter.
    await page.goto('/auth');
    await page.waitForURL((url) => url.pathname === '/', { timeout: uiTimeout });
    await visible(header(page).getByText(name, { exact: true }));

    await header(page).getByRole('button', { name: 'Logout', exact: true }).click();
    await expectToast(page, 'Goodbye!', 'Successfully logged out');
    await gone(header(page).getByText(name, { exact: true }));
    const loginLink = action(header(page), 'Login');
    await visible(loginLink);
    await loginLink.click();
    await page.waitForURL((url) => url.pathname === '/auth', { timeout: uiTimeout });
    await visible(page.getByText('Welcome back', { exact: true }));

    // The wrong password is answered 401, which the browser logs.
    tab.expectFailedRequest(401, /\/api\/login$/);
    await fill(page, { username: name, password: 'wrong password' });
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, 'Login failed', 'Invalid username or password');
    expect(new URL(page.url()).pathname).toBe('/auth');

    const held = gate();
    await page.route(/\/api\/login$/, async (route) => {
      await held.opened;
      await route.fallback();
    });
    await fill(page, { username: name, password });
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await enabled(page.getByRole('button', { name: 'Signing in...', exact: true }), false);
    held.open();
    await expectToast(page, 'Welcome back!', `Successfully logged in as ${name}`);
    await page.waitForURL((url) => url.pathname === '/', { timeout: uiTimeout });
    await visible(header(page).getByText(name, { exact: true }));
  });
});
