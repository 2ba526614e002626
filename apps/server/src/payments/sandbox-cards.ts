import type { SandboxCard } from '@vectrace/contract';

/** What the sandbox's card form does with a card, in Stripe's own words for each outcome. */
export type CardCheck = { ok: true } | { ok: false; message: string };

// Stripe's test cards that fail at the bank (docs.stripe.com/testing#declined-payments).
const declines: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
};

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

const refused = (message: string): CardCheck => ({ ok: false, message });

/** Checks a sandbox card as Stripe would: format first, then the test cards that decline. */
export function checkCard(card: SandboxCard, now: Date): CardCheck {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number) || number.length < 13) return refused('Your card number is incomplete.');
  if (number.length > 19 || !luhn(number)) return refused('Your card number is invalid.');

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  if (!expiry) return refused("Your card's expiration date is incomplete.");
  const month = Number(expiry[1]);
  const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (month < 1 || month > 12) return refused("Your card's expiration date is invalid.");
  // A card is good until the end of its expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime())
    return refused("Your card's expiration date is in the past.");

  if (!/^\d{3,4}$/.test(card.cvc.trim())) return refused("Your card's security code is incomplete.");

  const decline = declines[number];
  return decline ? refused(decline) : { ok: true };
}
