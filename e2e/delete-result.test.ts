import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { convertLogo } from './support/converter.js';
import { signUp } from './support/people.js';
import { open } from './support/routes.js';
import { useSite } from './support/site.js';
import { expectToast, gone, visible } from './support/ui.js';

const site = useSite();

const history = (page: Page) => page.getByRole('region', { name: 'Your conversions' });

/** What the result's files answer now: the download, the preview and the thumbnail. */
async function filesAnswer(page: Page, id: string): Promise<number[]> {
  return Promise.all(
    [`/api/download/${id}`, `/api/preview/${id}`, `/api/conversions/${id}/thumbnail`].map(async (path) =>
      (await page.request.get(path)).status(),
    ),
  );
}

/** Marks the page, so that a reload (which would lose the mark) shows. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { notReloaded: true }));
const stillSamePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

describe('deleting one result', () => {
  test('from the history: asked first, naming the image; gone from the list without a reload, its files with it', async () => {
    const tab = await site.newTab();
    const { page } = tab;
    await open(page, '/');
    const id = await convertLogo(page, (created) => site.markPaid(created));
    // Whatever the page still asks of the deleted result answers 410.
    tab.expectFailedRequest(410, new RegExp(`/api/[a-z-]+/${id}`));
    expect(await filesAnswer(page, id)).toEqual([200, 200, 200]);
    await markPage(page);

    const row = history(page).getByRole('listitem').filter({ hasText: 'logo.png' }).first();
    await visible(row);
    await row.getByRole('button', { name: /^Delete logo\.png \(/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the result of logo.png?' });
    await visible(dialog);
    // Keep it: nothing happens.
    await dialog.getByRole('button', { name: 'Keep it', exact: true }).click();
    await gone(dialog);
    expect(await filesAnswer(page, id)).toEqual([200, 200, 200]);

    await row.getByRole('button', { name: /^Delete logo\.png \(/ }).click();
    await dialog.getByRole('button', { name: 'Delete result', exact: true }).click();
    await expectToast(page, 'Result deleted', 'The result of logo.png and its files are deleted.');
    await visible(history(page).getByText(/^No conversions yet/));
    expect(await stillSamePage(page)).toBe(true);
    expect(await filesAnswer(page, id)).toEqual([410, 410, 410]);
  });

  test('from the result itself, and from the account page', async () => {
    const tab = await site.newTab();
    const { page } = tab;
    await signUp(page, `deleter${Date.now()}`);
    await open(page, '/');
    const first = await convertLogo(page);
    tab.expectFailedRequest(410, new RegExp(`/api/[a-z-]+/${first}`));

    // The result on screen: the converter starts again and says what happened.
    await page.getByRole('button', { name: 'Delete the result of logo.png', exact: true }).click();
    await page.getByRole('button', { name: 'Delete result', exact: true }).click();
    await visible(page.getByRole('alert').filter({ hasText: /^The result of logo\.png is deleted/ }));
    await visible(page.getByText('Drop or paste an image here, or click to choose one'));
    expect(await filesAnswer(page, first)).toEqual([410, 410, 410]);

    const second = await convertLogo(page);
    tab.expectFailedRequest(410, new RegExp(`/api/[a-z-]+/${second}`));
    await open(page, '/account');
    await markPage(page);
    const row = history(page).getByRole('listitem').filter({ hasText: 'logo.png' }).first();
    await row.getByRole('button', { name: /^Delete logo\.png \(/ }).click();
    await page.getByRole('button', { name: 'Delete result', exact: true }).click();
    await expectToast(page, 'Result deleted');
    await visible(history(page).getByText(/^No conversions yet/));
    expect(await stillSamePage(page)).toBe(true);
    expect(await filesAnswer(page, second)).toEqual([410, 410, 410]);
  });
});
