/** DPI success, and "already cancelled" (a success with a warning for unsubscribe, spec 3 §4). */
export const SAMSUNG_OK = '100000';
export const SAMSUNG_ALREADY_CANCELLED = '410410';

const GROUPS: [readonly string[], (code: string) => string][] = [
  [['410479', '410474', '410475', '410477', '400500', '410419', '400303'], (c) => `Contactez le support (code ${c})`],
  [['410127', '410227', '410401', '400111', '400124', '400203'], () => 'Erreur de paiement, contactez Samsung'],
  [['410424'], () => "Samsung checkout n'est pas disponible"],
  [['400125'], () => 'Cet article ne peut pas être acheté dans ce pays'],
  [['410459'], () => "Cet article n'est plus disponible"],
  [['400301', '410408', '410903'], () => 'Service temporairement indisponible, réessayez plus tard'],
  [['410410'], () => 'Remboursement impossible'],
];

/** The spec's message for a DPI status (spec 3 §8 Samsung). */
export function samsungMessage(code: string): string {
  const group = GROUPS.find(([codes]) => codes.includes(code));
  return group ? group[1](code) : `Erreur Samsung checkout (code ${code})`;
}

/** Statuses that say "try later": never read as an invalid receipt. */
export const isTemporary = (code: string) => ['400301', '410408', '410903'].includes(code);
