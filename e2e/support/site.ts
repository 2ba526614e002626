import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  makePro,
  markPaid,
  startTestServer,
  type TestServer,
} from '../../apps/server/test/support/server.js';
import { type Browser, openTab, sharedBrowser, type Tab, type TabOptions } from './browser.js';

// VECTRACE_WEB_DIST points the journeys at another build of the web app.
const webDist =
  process.env.VECTRACE_WEB_DIST ?? fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

function builtWebApp(): string {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error('The web app is not built (apps/web/dist/index.html is missing): run `npm run build`.');
  }
  return webDist;
}

export interface Site {
  /** The real server, in this process, on a fresh data folder. */
  readonly server: TestServer;
  /** A page in a context of its own (own cookies): a new visitor. */
  newTab(options?: TabOptions): Promise<Tab>;
  /** Marks a conversion paid directly, for journeys about downloads rather than payment. */
  markPaid(conversionId: string): Promise<void>;
  /** Makes a user Pro directly, for journeys about what Pro allows rather than subscribing. */
  makePro(username: string): Promise<void>;
}

/**
 * One server for the test file, and the worker's Chromium (sharedBrowser); each test's pages are
 * closed after it, and a test fails if one of its pages logged an error or threw one that the
 * test did not expect.
 */
export function useSite(): Site {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let tabs: Tab[] = [];

  beforeAll(async () => {
    server = await startTestServer({ env: { WEB_DIR: builtWebApp() } });
    browser = await sharedBrowser();
  });

  afterEach(async () => {
    const opened = tabs;
    tabs = [];
    const errors = opened.flatMap((tab) => tab.errors);
    await Promise.all(opened.map((tab) => tab.close()));
    expect(errors, 'errors in the page').toEqual([]);
  });

  afterAll(async () => {
    await server?.stop();
  });

  const site: Site = {
    get server() {
      if (!server) throw new Error('the server starts in beforeAll');
      return server;
    },
    async newTab(options) {
      if (!browser) throw new Error('the browser starts in beforeAll');
      const tab = await openTab(browser, site.server.url, options);
      tabs.push(tab);
      return tab;
    },
    markPaid: (conversionId) => markPaid(site.server, conversionId),
    makePro: (username) => makePro(site.server, username),
  };
  return site;
}
