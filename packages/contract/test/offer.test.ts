import { describe, expect, it } from 'vitest';
import { MAX_BATCH_FILES, MAX_PNG_SIDE } from '../src/downloads.js';
import {
  formatPrice,
  listInWords,
  maxUploadWords,
  offers,
  priceLabel,
  proPaysFrom,
  vectorFormatWords,
} from '../src/offer.js';
import { plans } from '../src/plans.js';
import { MAX_UPLOAD_BYTES } from '../src/upload.js';

describe('one price format', () => {
  it('writes cents as dollars with two decimals, as a receipt does', () => {
    expect(formatPrice(100)).toBe('$1.00');
    expect(formatPrice(599)).toBe('$5.99');
    expect(formatPrice(600)).toBe('$6.00');
    expect(formatPrice(599, 'USD')).toBe('$5.99');
    expect(formatPrice(123_456)).toBe('$1,234.56');
  });

  it('gives every plan its price in that format, from the cents the server charges', () => {
    expect(offers['pay-per-use'].price).toBe('$1.00');
    expect(offers.pro.price).toBe('$5.99');
    for (const [id, offer] of Object.entries(offers)) {
      expect(offer.priceCents, id).toBe(plans[id as keyof typeof plans].priceCents);
      expect(offer.price, id).toBe(formatPrice(offer.priceCents));
    }
    expect(priceLabel('pay-per-use')).toEqual({ amount: '$1.00', per: '/conversion' });
    expect(priceLabel('pro')).toEqual({ amount: '$5.99', per: '/month' });
  });
});

describe('the table of what is sold', () => {
  it('sells every format to both plans, and PNG to the same size', () => {
    for (const offer of Object.values(offers)) {
      expect(offer.formats).toEqual(['SVG', 'EPS', 'PDF', 'DXF', 'PNG']);
      expect(offer.pngMaxSide).toBe(MAX_PNG_SIDE);
      expect(offer.maxUploadBytes).toBe(MAX_UPLOAD_BYTES);
      expect(offer.features).toContain('SVG, EPS, PDF, DXF and PNG downloads');
      expect(offer.features).toContain(`PNG up to ${MAX_PNG_SIDE} px`);
    }
    expect(offers['pay-per-use'].imagesAtOnce).toBe(1);
    expect(offers.pro.imagesAtOnce).toBe(MAX_BATCH_FILES);
    expect(offers.pro.features).toContain(`Batch processing: up to ${MAX_BATCH_FILES} images at once`);
  });

  it('never lists a pay-per-use feature that speaks of a subscription', () => {
    expect(offers['pay-per-use'].features.join(' ')).not.toMatch(/subscri|upgrad|cancel/i);
  });

  it('says the limits in the words the pages use', () => {
    expect(maxUploadWords).toBe('10MB');
    expect(vectorFormatWords()).toBe('SVG, EPS, PDF or DXF');
    expect(vectorFormatWords('and', ['svg'])).toBe('EPS, PDF and DXF');
    expect(listInWords(['SVG'])).toBe('SVG');
    expect(listInWords(['SVG', 'PNG'])).toBe('SVG and PNG');
  });

  it('suggests Pro from 6 conversions a month, where paying per conversion costs more', () => {
    expect(proPaysFrom).toBe(6);
    expect(proPaysFrom * plans['pay-per-use'].priceCents).toBeGreaterThan(plans.pro.priceCents);
    expect((proPaysFrom - 1) * plans['pay-per-use'].priceCents).toBeLessThan(plans.pro.priceCents);
  });
});
