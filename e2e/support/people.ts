import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { open } from './routes.js';
import { action, downloadBy, downloadedBytes, expectToast } from './ui.js';

export const goodCard = { number: '4242 4242 4242 4242', expiry: '12 / 39', cvc: '123' };
export const password = 'correct horse battery';

/** Types a card into the sandbox's card form. */
export async function fillCard(page: Page, card: typeof goodCard): Promise<void> {
  await page.getByLabel('Card number').fill(card.number);
  await page.getByLabel('Expiry').fill(card.expiry);
  await page.getByLabel('CVC').fill(card.cvc);
}

/** Presses Download SVG and returns the file's text; the file is named after the image uploaded. */
export async function downloadSvg(page: Page, imageName = 'logo.png'): Promise<string> {
  const download = await downloadBy(page, () => action(page, 'Download SVG').click());
  expect(download.suggestedFilename()).toBe(imageName.replace(/\.png$/, '.svg'));
  return (await downloadedBytes(download)).toString('utf8');
}

/** Creates an account from the sign-up form, signed in afterwards. */
export async function signUp(page: Page, name: string): Promise<void> {
  await open(page, '/auth');
  await page.getByRole('tab', { name: 'Sign Up', exact: true }).click();
  await page.locator('input[name="username"]:visible').fill(name);
  await page.locator('input[name="email"]:visible').fill(`${name}@example.com`);
  await page.locator('input[name="password"]:visible').fill(password);
  await page.locator('input[name="confirmPassword"]:visible').fill(password);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expectToast(page, 'Welcome!');
}

/** Signs in from the login form. */
export async function signIn(page: Page, name: string, secret = password): Promise<void> {
  await open(page, '/auth');
  await page.locator('input[name="username"]:visible').fill(name);
  await page.locator('input[name="password"]:visible').fill(secret);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(page, 'Welcome back!');
  await page.waitForURL((url) => url.pathname === '/');
}
