import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { desktop, phone, screenshot } from './support/browser.js';
import { logoFile } from './support/converter.js';
import { signUp } from './support/people.js';
import { useSite } from './support/site.js';
import { horizontalOverflow, uiTimeout, visible } from './support/ui.js';

const site = useSite();
const run = promisify(execFile);

/** What axe-core rates critical or serious against WCAG 2.1 A and AA. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Every operation of the document the server serves, as "POST /api/v1/vectorize". */
async function documentedOperations(): Promise<string[]> {
  const document = (await (await fetch(`${site.server.url}/api/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** An endpoint's part of the page, found by the method and path at its head. */
const endpoint = (page: Page, operation: string) =>
  page.locator('article').filter({ has: page.locator('header').getByText(operation, { exact: true }) });

describe('the API reference at /api/docs', () => {
  for (const [name, viewport] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    test(`on a ${name}: the site's header and footer, every operation of the document with a curl example, no serious axe finding`, async () => {
      const { page } = await site.newTab({ viewport });
      const response = await page.goto('/api/docs');
      expect(response?.status()).toBe(200);
      await visible(page.getByRole('heading', { level: 1, name: 'API Reference' }));
      const header = page.getByRole('banner');
      await visible(header.getByRole('link', { name: 'Vectrace' }));
      await visible(header.getByRole('link', { name: 'Login', exact: true }));
      expect(await header.getByRole('link', { name: 'API', exact: true }).getAttribute('aria-current')).toBe(
        'page',
      );
      expect(
        await page.getByRole('contentinfo').getByRole('link', { name: 'API Reference' }).getAttribute('href'),
      ).toBe('/api/docs');

      const operations = await documentedOperations();
      expect(operations).toContain('POST /api/v1/vectorize');
      for (const operation of operations) await visible(endpoint(page, operation));

      const example = await endpoint(page, 'POST /api/v1/vectorize').locator('pre').first().innerText();
      expect(example).toMatch(/^curl --fail-with-body /);
      expect(example).toContain('-H "Authorization: Bearer $VECTRACE_API_KEY"');
      expect(example).toContain('-F image=@logo.png');
      expect(example).toContain('mode=test');
      expect(example).not.toContain('width=1');

      // The introduction: how to authenticate, where keys come from, what errors look like.
      await visible(page.getByText('Authorization: Bearer <key>', { exact: true }));
      expect(await page.getByRole('link', { name: 'account page' }).first().getAttribute('href')).toBe(
        '/account',
      );
      await visible(page.getByText(/"code": "/).first());

      const fit = await horizontalOverflow(page);
      expect(fit.scrollWidth, `sticking out: ${fit.offenders.join(', ')}`).toBeLessThanOrEqual(
        fit.innerWidth,
      );
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `api-reference-${name}`);
    });
  }

  test('the vectorize example, copied with its Copy button, runs as written and saves the SVG', async () => {
    const { page, context } = await site.newTab();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url });
    // A developer with a key, as the account page makes one.
    await signUp(page, `docs${Date.now()}`);
    const created = await page.request.post('/api/keys', { data: { name: 'docs' } });
    expect(created.status()).toBe(201);
    const { secret } = (await created.json()) as { secret: string };
    await page.goto('/api/docs');
    const vectorize = endpoint(page, 'POST /api/v1/vectorize');
    await vectorize.getByRole('button', { name: /^Copy the curl example/ }).click();
    await visible(vectorize.getByText('Copied', { exact: true }));
    const command = await page.evaluate(() => navigator.clipboard.readText());
    expect(command).toContain(`${site.server.url}/api/v1/vectorize`);

    const dir = await mkdtemp(join(tmpdir(), 'vectrace-reference-'));
    try {
      await writeFile(join(dir, 'logo.png'), (await logoFile()).buffer);
      await run('bash', ['-c', `set -e\n${command}`], {
        cwd: dir,
        env: { ...process.env, VECTRACE_API_KEY: secret },
      });
      expect((await readFile(join(dir, 'logo.svg'), 'utf8')).startsWith('<svg')).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('the vectorize endpoint shows the output options with their values', async () => {
    const { page } = await site.newTab();
    await page.goto('/api/docs');
    const vectorize = endpoint(page, 'POST /api/v1/vectorize');
    const field = (name: string) =>
      vectorize
        .locator('dl > div')
        .filter({ has: page.locator('dt code', { hasText: new RegExp(`^${name.replace('.', '\\.')}$`) }) })
        .first();
    for (const [name, values] of [
      ['drawStyle', ['fillShapes', 'strokeShapes', 'strokeEdges']],
      ['groupBy', ['none', 'color', 'layer']],
      ['svgVersion', ['1.1', 'tiny']],
      ['adobeCompatible', ['true', 'false']],
      ['retention', ['download']],
      ['maxPixels', []],
    ] as const) {
      await visible(field(name));
      for (const value of values)
        await visible(
          field(name)
            .locator('dd code', { hasText: new RegExp(`^${value.replace('.', '\\.')}$`) })
            .first(),
        );
    }
    await visible(
      field('colors')
        .getByText(/2 to 128/)
        .first(),
    );
    await visible(
      field('adobeCompatible')
        .getByText(/Illustrator/)
        .first(),
    );
  });

  test('a link to an endpoint lands on it once the reference has loaded', async () => {
    const { page } = await site.newTab();
    await page.goto('/api/docs#get-job');
    const heading = page.getByRole('heading', { level: 3, name: 'Read a job' });
    await visible(heading);
    await expect
      .poll(() => heading.evaluate((el) => Math.round(el.getBoundingClientRect().top)), {
        timeout: uiTimeout,
      })
      .toBeLessThan(200);
  });

  test('when the document does not arrive, the page says so and Try again loads it', async () => {
    const tab = await site.newTab();
    tab.expectFailedRequest(503, /\/api\/v1\/openapi\.json$/);
    let down = true;
    await tab.page.route('**/api/v1/openapi.json', (route) =>
      down
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              code: 'unavailable',
              message: 'The service is restarting: try again shortly.',
            }),
          })
        : route.continue(),
    );
    await tab.page.goto('/api/docs');
    const alert = tab.page.getByRole('alert');
    await visible(alert.getByText('The API reference could not be loaded'));
    await visible(alert.getByText(/The service is restarting/));
    down = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await visible(endpoint(tab.page, 'POST /api/v1/vectorize'));
  });
});
