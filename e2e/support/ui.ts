import type { Download, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** How long the UI gets to show something (a conversion of a small logo takes well under a second). */
export const uiTimeout = 15_000;

/** Waits until the element is shown; fails after `timeout` ms. */
export async function visible(locator: Locator, timeout = uiTimeout): Promise<Locator> {
  await locator.waitFor({ state: 'visible', timeout });
  return locator;
}

/** Waits until the element is hidden or gone. */
export async function gone(locator: Locator, timeout = uiTimeout): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout });
}

/** Asserts an element's enabled state once it has settled (the UI may still be updating). */
export async function enabled(locator: Locator, expected: boolean): Promise<void> {
  await visible(locator);
  await expect.poll(() => locator.isEnabled(), { timeout: uiTimeout }).toBe(expected);
}

/** A button, or a link styled as one: what a user sees as a button may navigate. */
export function action(page: Page | Locator, name: string): Locator {
  return page.getByRole('button', { name, exact: true }).or(page.getByRole('link', { name, exact: true }));
}

/** Waits for a toast with this title (and description), in the toast region. */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const region = page.getByRole('region', { name: /^Notifications/ });
  await visible(region.getByText(title, { exact: true }));
  if (description !== undefined) await visible(region.getByText(description, { exact: true }));
}

/** A promise let go by hand: requests a test holds wait on it. */
export function gate(): { opened: Promise<void>; open(): void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Rejects with `message` if `promise` takes longer than `ms`. */
export function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Clicks and returns the download it starts. */
export async function downloadBy(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: uiTimeout }), click()]);
  return download;
}

/** A downloaded file's bytes. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's pixel size from its IHDR chunk; throws if the bytes are not a PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  if (!bytes.subarray(0, 8).equals(pngSignature) || bytes.toString('ascii', 12, 16) !== 'IHDR') {
    throw new Error(`not a PNG (starts with ${bytes.subarray(0, 16).toString('hex')})`);
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** How wide the page is against the window, and the elements sticking out past its right edge. */
export async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const offenders = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 8)
      .map((el) => {
        const cls = typeof el.className === 'string' ? el.className.split(/\s+/).slice(0, 4).join('.') : '';
        return `${el.localName}${el.id ? `#${el.id}` : ''}${cls ? `.${cls}` : ''} (right ${Math.round(el.getBoundingClientRect().right)})`;
      });
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, offenders };
  });
}
