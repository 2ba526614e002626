import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { desktop, phone, screenshot } from './support/browser.js';
import { convertLogo } from './support/converter.js';
import { open } from './support/routes.js';
import { useSite } from './support/site.js';
import { expectToast } from './support/ui.js';

const site = useSite();

/**
 * The toasts on screen, and the buttons and links of the page (not the toasts' own) that one
 * covers; with `pinnedOnly`, only those that stay put whatever is scrolled (in the header or a bar
 * fixed to the screen), as a phone's scrolling page slides everything else under any toast.
 */
async function coveredActions(
  page: Page,
  pinnedOnly = false,
): Promise<{ toasts: number; covered: string[] }> {
  return page.evaluate((pinnedOnly) => {
    const pinned = (element: HTMLElement) => {
      for (let at: HTMLElement | null = element; at; at = at.parentElement) {
        if (['fixed', 'sticky'].includes(getComputedStyle(at).position)) return true;
      }
      return false;
    };
    const region = document.querySelector('[role="region"][aria-label^="Notifications"]');
    const toasts = [...(region?.querySelectorAll('li') ?? [])]
      .map((toast) => toast.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0);
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const covered = [
      ...document.querySelectorAll<HTMLElement>('button, a[href], [role="button"], [role="tab"]'),
    ]
      .filter((action) => !region?.contains(action))
      .filter((action) => {
        const box = action.getBoundingClientRect();
        const style = getComputedStyle(action);
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') return false;
        // Only what is on screen: inside the window as it is scrolled now.
        if (box.bottom <= 0 || box.top >= window.innerHeight) return false;
        if (pinnedOnly && !pinned(action)) return false;
        return toasts.some((toast) => overlaps(toast, box));
      })
      .map((action) => (action.getAttribute('aria-label') ?? action.textContent ?? '').trim());
    return { toasts: toasts.length, covered };
  }, pinnedOnly);
}

// On a desktop a toast covers no button on screen; on a phone none of the header or the action bar.
for (const [size, viewport, pinnedOnly] of [
  ['1440x900', desktop, false],
  ['390x844', phone, true],
] as const) {
  describe(`toasts at ${size}`, () => {
    test('the progress toast has closed 2 s after the result shows, and a new toast covers no action', async () => {
      const { page, context } = await site.newTab({ viewport });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url });
      await open(page, '/');
      await convertLogo(page, (id) => site.markPaid(id));
      await page.waitForTimeout(2000);
      expect(await coveredActions(page)).toEqual({ toasts: 0, covered: [] });

      // A toast that comes after the result, from an action on it: clear of every button.
      await page.getByRole('button', { name: 'Copy SVG Code', exact: true }).click();
      await expectToast(page, 'SVG Code Copied');
      const shown = await coveredActions(page, pinnedOnly);
      await screenshot(page, `toast-${size}`);
      expect(shown).toEqual({ toasts: 1, covered: [] });
    });
  });
}
