import { MAX_PIXELS } from '@vectrace/tracer';
import {
  type DownloadFormat,
  downloadFormats,
  formatDetails,
  MAX_BATCH_FILES,
  MAX_PNG_SIDE,
} from './downloads.js';
import { type PlanId, plans } from './plans.js';
import { MAX_UPLOAD_BYTES } from './upload.js';

/** Conversions a free account is counted against (spec section 3, conversionsLimit; not enforced). */
export const FREE_CONVERSIONS_LIMIT = 5;

/** A price in cents as every page, the checkout and the server's messages write it: "$1.00", "$5.99". */
export function formatPrice(cents: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

/** Words in a list as a sentence has them: "SVG, EPS, PDF, DXF and PNG". */
export function listInWords(words: readonly string[], last = 'and'): string {
  if (words.length < 2) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]}`;
}

/** Every format a paid image downloads in, as people call them: the vector formats, then PNG. */
export const downloadLabels: readonly string[] = [
  ...downloadFormats.map((format) => formatDetails[format].label),
  'PNG',
];

/** The vector formats alone, "SVG, EPS, PDF or DXF", or those besides some: "EPS, PDF or DXF". */
export function vectorFormatWords(last = 'or', besides: readonly DownloadFormat[] = []): string {
  const formats = downloadFormats.filter((format) => !besides.includes(format));
  return listInWords(
    formats.map((format) => formatDetails[format].label),
    last,
  );
}

/** The upload limit as the spec writes it: "10MB". */
export const maxUploadWords = `${MAX_UPLOAD_BYTES / 1024 / 1024}MB`;

/** The pixel limit of an image, in words: "50 megapixels". */
export const maxPixelsWords = `${MAX_PIXELS / 1_000_000} megapixels`;

/** What one plan sells: its price and what a purchase of it includes. */
export interface PlanOffer {
  title: string;
  priceCents: number;
  /** "$1.00" */
  price: string;
  /** What the price is for: one conversion, or one month. */
  per: 'conversion' | 'month';
  /** The formats every download of it comes in, as people call them. */
  formats: readonly string[];
  /** The widest PNG export, in pixels. */
  pngMaxSide: number;
  /** The largest image it converts, in bytes. */
  maxUploadBytes: number;
  /** Images dropped at once: one, or a batch. */
  imagesAtOnce: number;
  /** The list the pricing cards and the checkout show, made from the figures above. */
  features: readonly string[];
}

const formatsLine = `${listInWords(downloadLabels)} downloads`;
const pngLine = `PNG up to ${MAX_PNG_SIDE} px`;

/**
 * The one table of what is sold (issue 25, "every sentence true"): the pages, the checkout, the FAQ
 * and the server read their prices, formats and limits from here, and a journey checks every claim
 * the pages make against what the server does.
 */
export const offers: Record<PlanId, PlanOffer> = {
  'pay-per-use': {
    ...plans['pay-per-use'],
    price: formatPrice(plans['pay-per-use'].priceCents),
    formats: downloadLabels,
    pngMaxSide: MAX_PNG_SIDE,
    maxUploadBytes: MAX_UPLOAD_BYTES,
    imagesAtOnce: 1,
    features: [
      'Every re-tuning of the image included',
      'All quality settings',
      formatsLine,
      pngLine,
      'No monthly commitment',
    ],
  },
  pro: {
    ...plans.pro,
    price: formatPrice(plans.pro.priceCents),
    formats: downloadLabels,
    pngMaxSide: MAX_PNG_SIDE,
    maxUploadBytes: MAX_UPLOAD_BYTES,
    imagesAtOnce: MAX_BATCH_FILES,
    features: [
      'Unlimited conversions',
      'All quality settings',
      formatsLine,
      pngLine,
      'Priority processing',
      `Batch processing: up to ${MAX_BATCH_FILES} images at once`,
      'Cancellable at any time',
    ],
  },
};

/** A plan's price as the checkout's plan card shows it: "$5.99" "/month". */
export function priceLabel(plan: PlanId): { amount: string; per: string } {
  return { amount: offers[plan].price, per: `/${offers[plan].per}` };
}

/**
 * From how many conversions a month Pro costs less than paying per conversion (spec section 1:
 * Pro suggested for 6 or more).
 */
export const proPaysFrom = Math.ceil(plans.pro.priceCents / plans['pay-per-use'].priceCents);
