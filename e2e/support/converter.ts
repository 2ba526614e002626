import type { Conversion } from '@vectrace/contract';
import type { Page, Route } from 'playwright-core';
import { logoPng } from '../../apps/server/test/support/images.js';
import { enabled, gate, uiTimeout, visible, within } from './ui.js';

/** What `setInputFiles` takes: a file as the user's disk would hold it. */
export interface ImageFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A black disc and bar on white, like a simple logo. */
export async function logoFile(name = 'logo.png'): Promise<ImageFile> {
  return { name, mimeType: 'image/png', buffer: await logoPng(400) };
}

export const convertButton = (page: Page) => page.getByRole('button', { name: 'Convert', exact: true });

/** Picks a file in the upload zone, as the file dialog would. */
export async function chooseImage(page: Page, file: ImageFile): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles(file);
}

/**
 * Picks a file, which is traced as soon as it is uploaded; waits until that conversion is started
 * and Convert can be pressed again. Returns the conversion's id.
 */
export async function uploadImage(
  page: Page,
  file: ImageFile,
  beforeShown?: (id: string) => Promise<void>,
): Promise<string> {
  const id = await startConversion(page, beforeShown, () => chooseImage(page, file));
  await enabled(convertButton(page), true);
  return id;
}

const createPath = /\/api\/conversions$/;

/**
 * Presses Convert (or does `start`: drops an image, say) and returns the new conversion's id.
 * `beforeShown` runs once the server has created it and before the browser reads the answer (to
 * mark it paid, say).
 */
export async function startConversion(
  page: Page,
  beforeShown?: (id: string) => Promise<void>,
  start: () => Promise<void> = () => convertButton(page).click(),
): Promise<string> {
  let settle: { resolve(id: string): void; reject(error: unknown): void } | undefined;
  const id = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const handler = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    try {
      const response = await route.fetch();
      const body = (await response.json()) as Partial<Conversion>;
      const ok = response.status() === 201 && typeof body.id === 'string';
      if (ok && body.id) await beforeShown?.(body.id);
      await route.fulfill({ response });
      if (ok && body.id) settle?.resolve(body.id);
      else
        settle?.reject(
          new Error(`POST /api/conversions answered ${response.status()}: ${JSON.stringify(body)}`),
        );
    } catch (error) {
      settle?.reject(error);
    }
  };
  await page.route(createPath, handler);
  try {
    await start();
    return await within(id, uiTimeout, 'No conversion was created (no POST /api/conversions)');
  } finally {
    await page.unroute(createPath, handler);
  }
}

/** Waits for the finished result: the progress says so (the viewer's "100%" zoom button is not it). */
export async function waitForResult(page: Page): Promise<void> {
  await visible(
    page
      .getByRole('status')
      .filter({ hasText: /^Conversion complete$/ })
      .first(),
    30_000,
  );
}

/** Uploads the logo, which converts by itself, and waits for the result; returns the conversion's id. */
export async function convertLogo(page: Page, beforeShown?: (id: string) => Promise<void>): Promise<string> {
  const id = await uploadImage(page, await logoFile(), beforeShown);
  await waitForResult(page);
  return id;
}

const pollPath = /\/api\/conversions\/[^/?]+$/;
const streamPath = /\/api\/conversions\/[^/]+\/events$/;

/**
 * Holds the server's real answers that say "completed" until `release()`, so the in-progress
 * state stays on screen long enough to look at, whatever the trace's speed.
 */
export async function holdCompletion(page: Page): Promise<{ release(): Promise<void> }> {
  const released = gate();
  let open = false;
  const handler = async (route: Route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    try {
      const response = await route.fetch();
      const body = (await response.json()) as Partial<Conversion>;
      if (!open && body.status === 'completed') await released.opened;
      await route.fulfill({ response });
    } catch {
      // The page went away or stopped waiting for this answer: nobody to give it to.
    }
  };
  // The pushed stream answers nothing (204 tells EventSource not to retry), so the page falls
  // back to polling, which is held here.
  const noStream = (route: Route) => route.fulfill({ status: 204 });
  await page.route(streamPath, noStream);
  await page.route(pollPath, handler);
  return {
    async release() {
      open = true;
      released.open();
      await page.unroute(pollPath, handler);
      await page.unroute(streamPath, noStream);
    },
  };
}
