import { retentionWords } from './retention.js';
/** The web app's pages (spec section 2); any other address shows the not-found page. */
export const pagePaths = [
  '/',
  '/auth',
  '/account',
  '/checkout',
  '/png-to-svg',
  '/how-to-vectorize-a-logo',
  '/cutting-engraving-plotting',
  '/privacy',
  '/terms',
  '/api/docs',
] as const;
export type PagePath = (typeof pagePaths)[number];

// The sandbox's stand-ins for Stripe's hosted checkout and billing portal (no real payment).
const sandboxPages = /^\/sandbox\/(checkout|portal)\/[A-Za-z0-9_-]+$/;
// A receipt's link back to a paid conversion (its signature in the query).
const restorePages = /^\/restore\/[A-Za-z0-9_-]+$/;

/** Whether an address is one of the web app's pages. */
export function isPagePath(path: string): boolean {
  return (
    (pagePaths as readonly string[]).includes(path) || sandboxPages.test(path) || restorePages.test(path)
  );
}

/** A page's title and description: in the served HTML (for links, search and sharing) and in the tab. */
export interface PageMeta {
  title: string;
  description: string;
}

/** Every public page's metadata, one table for the server's HTML and the web app. */
export const pageMeta: Record<PagePath, PageMeta> = {
  '/': {
    title: 'Vectrace: Convert PNG and JPG to SVG Vectors Online',
    description:
      'Turn PNG and JPEG images into clean, scalable SVG vectors for logos, icons, stickers, cutting and print. Upload, tune the settings, preview, and download.',
  },
  '/auth': {
    title: 'Log in | Vectrace',
    description:
      'Log in or create a Vectrace account to keep your conversions together and download them from any device.',
  },
  '/account': {
    title: 'Your account | Vectrace',
    description: 'Your plan, your conversions and your account settings.',
  },
  '/checkout': {
    title: 'Checkout | Vectrace',
    description: 'Complete your purchase: $1.00 per image, or Pro for $5.99/month.',
  },
  '/png-to-svg': {
    title: 'PNG to SVG: Free Online Converter | Vectrace',
    description:
      'Convert PNG and JPEG images to clean, scalable SVG vectors online. Upload, convert and preview for free; download for $1.00 per conversion or unlimited with Pro.',
  },
  '/how-to-vectorize-a-logo': {
    title: 'How to Vectorize a Logo: A Six-Step Guide | Vectrace',
    description:
      'Turn a PNG or JPEG logo into a clean, scalable SVG in six steps: prepare the source, upload, choose settings, convert, refine and download. With recommended settings.',
  },
  '/cutting-engraving-plotting': {
    title: 'Vector Files for Cutting, Engraving and Plotting | Vectrace',
    description:
      'Turn a PNG or JPEG into a file a machine can follow: centerline strokes for plotters and engravers, cut-out layers for vinyl, fixed ink palettes, true arcs in DXF, sticker cut contours and stencil silhouettes.',
  },
  '/privacy': {
    title: 'Privacy Policy | Vectrace',
    description: `How Vectrace handles your account, your uploaded images and your payments: images are deleted automatically ${retentionWords}, card details are never stored by us, and your data is never sold.`,
  },
  '/terms': {
    title: 'Terms of Service | Vectrace',
    description: `What a payment buys, cancelling Pro, refunds within 7 days, your files deleted ${retentionWords}, and fair use.`,
  },
  '/api/docs': {
    title: 'API Reference | Vectrace',
    description:
      'The Vectrace API: vectorize PNG, JPEG, WebP, GIF, BMP and TIFF images into SVG, EPS, PDF or DXF from your own code, with an API key. Every endpoint, parameter and answer, with curl examples.',
  },
};

/** Pages worth finding from a search engine (the sitemap). */
export const publicPagePaths: readonly PagePath[] = [
  '/',
  '/png-to-svg',
  '/how-to-vectorize-a-logo',
  '/cutting-engraving-plotting',
  '/privacy',
  '/terms',
  '/api/docs',
];
