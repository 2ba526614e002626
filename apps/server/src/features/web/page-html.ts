import type { PageMeta } from '@vectrace/contract';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * index.html for one page: its title and description replace the home page's, and the canonical
 * address and Open Graph tags are added, so links, search engines and shares see the page itself
 * before any JavaScript runs.
 */
export function pageHtml(
  index: string,
  page: { origin: string; path: string | null; meta: PageMeta | undefined },
): string {
  const title = page.meta?.title ?? 'Page not found | Vectrace';
  const description = page.meta?.description ?? 'This page does not exist.';
  const tags = [
    `<meta name="description" content="${escapeHtml(description)}" />`,
    page.path ? `<link rel="canonical" href="${escapeHtml(page.origin + page.path)}" />` : '',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Vectrace" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    page.path ? `<meta property="og:url" content="${escapeHtml(page.origin + page.path)}" />` : '',
    `<meta property="og:image" content="${escapeHtml(`${page.origin}/og.png`)}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ]
    .filter(Boolean)
    .join('\n    ');
  return index
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta\s+name="description"[^>]*\/?>/, tags);
}
