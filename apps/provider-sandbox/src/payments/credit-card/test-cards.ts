/**
 * The stand-in's test cards (README, Payments; listed on the hosted page). They are recognised
 * before the Luhn check: three of them fail it, being test numbers rather than card numbers.
 */
export interface TestCard {
  number: string;
  label: string;
  threeDs: 'challenge' | 'frictionless';
  outcome: 'authorised' | 'refused';
  /** Renewals charged with the registered card are refused (insufficient funds). */
  renewalsRefused: boolean;
}

export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4970100000000003',
    label: 'Paiement accepté après authentification 3-D Secure (code 123456)',
    threeDs: 'challenge',
    outcome: 'authorised',
    renewalsRefused: false,
  },
  {
    number: '4970100000000014',
    label: 'Paiement accepté sans authentification (frictionless)',
    threeDs: 'frictionless',
    outcome: 'authorised',
    renewalsRefused: false,
  },
  {
    number: '4970100000000007',
    label: 'Paiement refusé par la banque',
    threeDs: 'frictionless',
    outcome: 'refused',
    renewalsRefused: false,
  },
  {
    number: '4970100000000099',
    label: 'Premier paiement accepté, renouvellements refusés (provision insuffisante)',
    threeDs: 'frictionless',
    outcome: 'authorised',
    renewalsRefused: true,
  },
];

/** The one-time code the 3-D Secure challenge accepts. */
export const CHALLENGE_CODE = '123456';

export const testCard = (number: string) => TEST_CARDS.find((c) => c.number === number) ?? null;

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface CardEntry {
  number: string;
  expiryMonth: string;
  expiryYear: string;
}

/**
 * Checks the card form (spec 3 §5: card number, expiry MM/YY, 3-digit security code); answers
 * the card or the French messages to show, field by field.
 */
export function checkCardForm(
  input: { cardNumber?: string; expiry?: string; cvv?: string },
  now: Date,
): { card: CardEntry & { test: TestCard }; errors: null } | { card: null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const number = String(input.cardNumber ?? '').replace(/[\s-]/g, '');
  const test = testCard(number);
  if (!test) {
    if (!/^\d{13,19}$/.test(number) || !passesLuhn(number)) errors.cardNumber = "Le numéro de carte n'est pas valide.";
    else errors.cardNumber = "Cette carte n'est pas une carte de test : utilisez une des cartes listées ci-dessous.";
  }
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(String(input.expiry ?? '').trim());
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? 2000 + Number(expiry[2]) : 0;
  const ended = year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
  if (!expiry || month < 1 || month > 12) errors.expiry = "La date d'expiration n'est pas valide (MM/AA).";
  else if (ended) errors.expiry = 'Cette carte a expiré.';
  if (!/^\d{3}$/.test(String(input.cvv ?? '').trim()))
    errors.cvv = "Le cryptogramme visuel n'est pas valide (3 chiffres).";
  if (Object.keys(errors).length > 0 || !test || !expiry) return { card: null, errors };
  return { card: { number, expiryMonth: expiry[1]!, expiryYear: String(year), test }, errors: null };
}
