import type { Page } from 'playwright-core';

/** What a page's visible text promises: file formats, the largest PNG, the largest upload, prices. */
export interface Claims {
  /** Format names in capitals, as pages write them: SVG, EPS, AI... */
  formats: Set<string>;
  /** "PNG up to 8192 px": the PNG widths said to be the most, in pixels. */
  pngMaxSides: Set<number>;
  /** "up to 10MB": the upload sizes said to be the most, in megabytes. */
  uploadMegabytes: Set<number>;
  /** Every price as written ("$1.00"), with what it is said to be for, when the sentence says. */
  prices: { text: string; per: 'conversion' | 'month' | null }[];
}

// Raster, vector and document formats a page could name; any of them is a claim to check.
const formatWords =
  /\b(SVG|EPS|PDF|DXF|AI|PNG|JPE?G|WEBP|GIF|TIFF?|BMP|HEIC|PSD|CDR|PLT|HPGL|DWG|EMF|WMF)\b/g;
// "a PNG at up to 8192 px", "PNG ... at most 8192 pixels" in one clause; not "2 to 3 pixels" (a line's
// width) or "specks of up to 4 pixels" (what a trace drops), which are not about the PNG.
const maxPixels =
  /\bPNG\b[^.;]*?\b(?:up to|at most|as large as|maximum of|max(?:imum)?:?)\s+(\d[\d,]*)\s*(?:px|pixels)\b/gi;
const maxMegabytes =
  /\b(?:up to|at most|larger than|max(?:imum)?(?: file size)?:?|under)\s+(\d+(?:\.\d+)?)\s?MB\b/gi;
const price = /\$\s?\d[\d,]*(?:\.\d+)?/g;
const pricePer = /(\$\s?\d[\d,]*(?:\.\d+)?)\s*(?:\/\s*|per\s+|an?\s+)(month|conversion|image)\b/gi;

const number = (text: string) => Number(text.replace(/,/g, ''));

/** Reads the claims out of visible text. */
export function readClaims(text: string): Claims {
  const per = new Map<number, 'conversion' | 'month'>();
  for (const match of text.matchAll(pricePer)) {
    per.set(match.index, match[2].toLowerCase() === 'month' ? 'month' : 'conversion');
  }
  return {
    formats: new Set([...text.matchAll(formatWords)].map((m) => m[1])),
    pngMaxSides: new Set([...text.matchAll(maxPixels)].map((m) => number(m[1]))),
    uploadMegabytes: new Set([...text.matchAll(maxMegabytes)].map((m) => number(m[1]))),
    prices: [...text.matchAll(price)].map((m) => ({ text: m[0], per: per.get(m.index) ?? null })),
  };
}

/** One price format everywhere: dollars, a dot, two figures ("$1.00", "$5.99"). */
export const onePriceFormat = /^\$\d{1,3}(?:,\d{3})*\.\d{2}$/;

/** "$5.99" as cents. */
export function cents(text: string): number {
  return Math.round(Number(text.replace(/[$,\s]/g, '')) * 100);
}

/**
 * A page's visible text, with every FAQ answer opened in turn (they are closed, one open at a
 * time, and a closed answer is not in the page).
 */
export async function visibleText(page: Page): Promise<string> {
  const parts = [await page.locator('body').innerText()];
  const questions = page.locator('#faq button[aria-expanded]');
  for (let i = 0; i < (await questions.count()); i++) {
    const question = questions.nth(i);
    if ((await question.getAttribute('aria-expanded')) !== 'true') await question.click();
    await page.locator('#faq [role="region"][data-state="open"]').waitFor({ state: 'visible' });
    parts.push(await page.locator('#faq').innerText());
  }
  return parts.join('\n');
}

/** How the server answers each kind of claim: true when it provides what is claimed. */
export interface ServerTruth {
  /** An input the upload takes (PNG, JPEG), not a download. */
  isInput(format: string): boolean;
  downloads(format: string): Promise<boolean>;
  pngMaxSide(pixels: number): Promise<boolean>;
  uploadLimit(megabytes: number): Promise<boolean>;
  /** The cents charged for a conversion and for a month of Pro. */
  charged: { conversion: number; month: number };
}

/** Every claim the server does not bear out, in words; empty when every sentence is true. */
export async function untrueClaims(claims: Claims, truth: ServerTruth): Promise<string[]> {
  const problems: string[] = [];
  for (const format of claims.formats) {
    if (truth.isInput(format)) continue;
    if (!(await truth.downloads(format))) problems.push(`${format} is claimed, but does not download`);
  }
  for (const side of claims.pngMaxSides) {
    if (!(await truth.pngMaxSide(side)))
      problems.push(`PNG up to ${side} px is claimed, but not what is allowed`);
  }
  for (const megabytes of claims.uploadMegabytes) {
    if (!(await truth.uploadLimit(megabytes)))
      problems.push(`uploads up to ${megabytes} MB are claimed, but not what the server takes`);
  }
  const charged = new Set(Object.values(truth.charged));
  for (const { text, per } of claims.prices) {
    if (!onePriceFormat.test(text)) problems.push(`${text} is not written as the other prices ($1.00)`);
    if (!charged.has(cents(text))) problems.push(`${text} is shown, but no plan is charged that`);
    if (per && cents(text) !== truth.charged[per]) problems.push(`${text} per ${per} is not what is charged`);
  }
  return problems;
}
