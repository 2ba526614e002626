import type { Locator, Page } from 'playwright-core';
import { visible } from './ui.js';

/** The app's pages (spec section 2), each with what shows once it has rendered. */
export const routes: { path: string; name: string; ready(page: Page): Locator }[] = [
  { path: '/', name: 'home', ready: (page) => page.getByRole('button', { name: 'Convert', exact: true }) },
  { path: '/auth', name: 'auth', ready: (page) => page.getByRole('tab', { name: 'Sign Up', exact: true }) },
  {
    path: '/account',
    name: 'account',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Your account' }),
  },
  {
    path: '/checkout',
    name: 'checkout',
    ready: (page) => page.getByRole('heading', { name: 'Complete Your Purchase', exact: true }),
  },
  {
    path: '/png-to-svg',
    name: 'png-to-svg',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'PNG to SVG: Free Online Converter' }),
  },
  {
    path: '/how-to-vectorize-a-logo',
    name: 'how-to-vectorize-a-logo',
    ready: (page) => page.getByRole('heading', { level: 1 }),
  },
  {
    path: '/cutting-engraving-plotting',
    name: 'cutting-engraving-plotting',
    ready: (page) =>
      page.getByRole('heading', { level: 1, name: 'Vector Files for Cutting, Engraving and Plotting' }),
  },
  {
    path: '/terms',
    name: 'terms',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Terms of Service' }),
  },
  {
    path: '/privacy',
    name: 'privacy',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Privacy Policy' }),
  },
  {
    path: '/api/docs',
    name: 'api-reference',
    // Drawn from the OpenAPI document once it has arrived.
    ready: (page) => page.locator('article header').getByText('POST /api/v1/vectorize', { exact: true }),
  },
];

/** Opens a page by its address and waits until it has rendered. */
export async function open(page: Page, path: string): Promise<void> {
  const route = routes.find((r) => r.path === path.split('?')[0]);
  if (!route) throw new Error(`no such page in the spec: ${path}`);
  await page.goto(path);
  await visible(route.ready(page));
}

/** The page's <title> and meta description. */
export async function pageMeta(page: Page): Promise<{ title: string; description: string | null }> {
  return {
    title: await page.title(),
    description: await page.locator('meta[name="description"]').getAttribute('content'),
  };
}
