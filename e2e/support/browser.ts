import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export type { Browser, Page };

/** The system's Chromium (Debian's package); never a downloaded one. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const desktop = { width: 1440, height: 900 };
export const phone = { width: 390, height: 844 };

/** Starts headless Chromium, quiet: no background traffic to Google, no GPU, no hidden toolbar pages. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: install Debian's chromium package or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Each context opens a window whose omnibox popups Chromium draws ahead in WebUI renderers
      // of their own: about a seventh of the CPU of a journey, for a toolbar no test sees.
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * One Chromium for every test file a Vitest worker runs (the e2e project does not isolate its
 * files): each test gets fresh contexts, so no file sees another's cookies or pages. Playwright
 * ends the browser when the worker exits.
 */
export function sharedBrowser(): Promise<Browser> {
  shared ??= launchBrowser();
  shared.catch(() => {
    shared = undefined;
  });
  return shared;
}

export interface TabOptions {
  viewport?: { width: number; height: number };
  /** A touch screen, as a phone has: `page.tap` works, and there is no hover. */
  hasTouch?: boolean;
}

/** A page in a fresh context, collecting what went wrong in it. */
export interface Tab {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions the test did not expect. */
  readonly errors: string[];
  /**
   * The browser logs a failed request as a console error ("Failed to load resource: the server
   * responded with a status of 401"): accept those with this status from URLs matching `url`.
   */
  expectFailedRequest(status: number, url: RegExp): void;
  close(): Promise<void>;
}

const failedResource = /^Failed to load resource: the server responded with a status of (\d+)/;

export async function openTab(browser: Browser, baseURL: string, options: TabOptions = {}): Promise<Tab> {
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? desktop,
    hasTouch: options.hasTouch ?? false,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  // None by default: a visitor's page load asks who is signed in and is answered 200 (GET
  // /api/session), so an anonymous visit logs nothing.
  const expected: { status: number; url: RegExp }[] = [];
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    const { url } = message.location();
    const status = failedResource.exec(text)?.[1];
    if (status && expected.some((e) => e.status === Number(status) && e.url.test(url))) return;
    errors.push(`console error: ${text}${url ? ` (${url})` : ''}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught ${error.name}: ${error.message}`));
  return {
    page,
    context,
    errors,
    expectFailedRequest: (status, url) => expected.push({ status, url }),
    async close() {
      // Requests held by a test's routes are let go rather than failing after the page is gone.
      await Promise.all(context.pages().map((p) => p.unrouteAll({ behavior: 'ignoreErrors' })));
      await context.close();
    },
  };
}

const screenshots = new URL('../screenshots/', import.meta.url);

/** A full-page PNG at e2e/screenshots/{name}.png, to look at after the run. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshots, { recursive: true });
  await page.screenshot({ path: fileURLToPath(new URL(`${name}.png`, screenshots)), fullPage: true });
}
