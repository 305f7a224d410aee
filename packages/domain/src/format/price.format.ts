// "Currency shown: EUR as the euro sign, USD as the dollar sign" (spec 1 §9, spec 3 §9).
export function currencySymbol(code: string): string {
  switch (code.toUpperCase()) {
    case 'EUR':
      return '€';
    case 'USD':
      return '$';
    default:
      return code;
  }
}

/**
 * Price in the viewer's locale: '7,99 €' in fr, '€7.99' in en (Intl places the symbol and uses a
 * no-break space where the locale wants one). Currency defaults to EUR (spec 3 §3). A code Intl
 * does not know falls back to '7.99 XYZ' instead of throwing.
 */
export function formatPrice(amount: number, currency = 'EUR', locale = 'fr'): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currencySymbol(currency)}`;
  }
}
