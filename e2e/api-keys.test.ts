import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { logoFile } from './support/converter.js';
import { signUp } from './support/people.js';
import { open } from './support/routes.js';
import { useSite } from './support/site.js';
import { expectToast, gone, visible } from './support/ui.js';

const site = useSite();

/**
 * WCAG 2.1 A and AA problems as axe-core finds them, the dialogs included: the page sweep sees
 * /account signed out only, so the signed-in page, the keys card and its dialogs are checked here.
 */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** A call of the developer API, as a developer's script makes it. */
async function vectorize(secret: string, image: Buffer) {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'logo.png');
  form.set('mode', 'test');
  const response = await fetch(`${site.server.url}/api/v1/vectorize`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}` },
    body: form,
  });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

describe('API keys on the account page', () => {
  test('a key is created, shown once, works with the API, shows its last use, and is revoked', async () => {
    const name = `dev${Date.now()}`;
    const { page } = await site.newTab();
    await signUp(page, name);
    await open(page, '/account');
    await visible(page.getByRole('heading', { name: 'API keys' }));
    await visible(page.getByText(/keys work in test mode/));
    await visible(page.getByText('No keys yet.'));
    expect(await violations(page)).toEqual([]);

    await page.getByLabel('Key name').fill('CI');
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(/will not be shown again/));
    const secret = (await dialog.getByLabel('New API key').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^vt_[\w-]{40,}$/);
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Done', exact: true }).click();
    await gone(dialog);

    const keys = page.getByRole('list', { name: 'Your API keys' });
    await visible(keys.getByText('CI', { exact: true }));
    await visible(keys.getByText(`${secret.slice(0, 9)}…`));
    await visible(keys.getByText(/Never used/));
    // The secret itself is nowhere on the page any more.
    expect(await page.content()).not.toContain(secret);
    expect(await violations(page)).toEqual([]);

    const logo = (await logoFile()).buffer;
    const call = await vectorize(secret, logo);
    expect(call.status).toBe(200);
    expect(call.text.startsWith('<svg')).toBe(true);

    await page.reload();
    await visible(keys.getByText(/Last used/));

    await keys.getByRole('button', { name: 'Revoke CI' }).click();
    const confirm = page.getByRole('dialog');
    await visible(confirm.getByText(/Scripts that use it stop working/));
    expect(await violations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Revoke key', exact: true }).click();
    await expectToast(page, 'Key revoked');
    await visible(page.getByText('No keys yet.'));
    const refused = await vectorize(secret, logo);
    expect(refused.status).toBe(401);
    expect(refused.type).toContain('application/json');
    expect(JSON.parse(refused.text)).toMatchObject({ code: 'invalid_key' });
  });

  test('the home page shows the key-based call and where to get a key', async () => {
    const { page } = await site.newTab();
    await open(page, '/');
    const section = page.locator('#api');
    await visible(section.getByText(/Authorization: Bearer \$VECTRACE_API_KEY/).first());
    expect(await section.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe('/api/docs');
    await section.getByRole('link', { name: 'Get an API key' }).click();
    await page.waitForURL(/\/auth$/);
  });
});
