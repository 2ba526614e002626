/** The web app's pages (spec section 2); any other address shows the not-found page. */
export const pagePaths = [
  '/',
  '/auth',
  '/checkout',
  '/png-to-svg',
  '/how-to-vectorize-a-logo',
  '/privacy',
] as const;
export type PagePath = (typeof pagePaths)[number];

// The sandbox's stand-ins for Stripe's hosted checkout and billing portal (no real payment).
const sandboxPages = /^\/sandbox\/(checkout|portal)\/[A-Za-z0-9_-]+$/;

/** Whether an address is one of the web app's pages. */
export function isPagePath(path: string): boolean {
  return (pagePaths as readonly string[]).includes(path) || sandboxPages.test(path);
}
