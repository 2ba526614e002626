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
