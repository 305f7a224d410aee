/** The refund form's texts (decision 109): part of a payment, renewal charges. */
export const refundFr = {
  'refund.renewal': 'Renouvellement',
  'refund.left': 'Reste à rembourser : {{amount}}',
  'refund.amount': 'Montant à rembourser ({{currency}})',
  'refund.confirmPart': 'Rembourser {{amount}} sur {{label}} ? Le client garde son accès.',
  'refund.badAmount': 'Indiquez un montant entre 0,01 et {{amount}}.',
};
export const refundEn: Record<keyof typeof refundFr, string> = {
  'refund.renewal': 'Renewal',
  'refund.left': 'Left to refund: {{amount}}',
  'refund.amount': 'Amount to refund ({{currency}})',
  'refund.confirmPart': 'Refund {{amount}} of {{label}}? The customer keeps their access.',
  'refund.badAmount': 'Enter an amount between 0.01 and {{amount}}.',
};
export const refundNl: Record<keyof typeof refundFr, string> = {
  'refund.renewal': 'Verlenging',
  'refund.left': 'Nog terug te betalen: {{amount}}',
  'refund.amount': 'Terug te betalen bedrag ({{currency}})',
  'refund.confirmPart': '{{amount}} van {{label}} terugbetalen? De klant houdt toegang.',
  'refund.badAmount': 'Vul een bedrag in tussen 0,01 en {{amount}}.',
};
export const refundEs: Record<keyof typeof refundFr, string> = {
  'refund.renewal': 'Renovación',
  'refund.left': 'Queda por reembolsar: {{amount}}',
  'refund.amount': 'Importe a reembolsar ({{currency}})',
  'refund.confirmPart': '¿Reembolsar {{amount}} de {{label}}? El cliente conserva el acceso.',
  'refund.badAmount': 'Indique un importe entre 0,01 y {{amount}}.',
};
