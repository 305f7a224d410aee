import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../signed-json';
import type { GatewayState, Transaction } from './gateway-state';

const OPERATORS: Record<number, { name: string; colour: string }> = {
  1: { name: 'Orange', colour: '#ff7900' },
  15: { name: 'Sosh', colour: '#1e1e1e' },
  2: { name: 'SFR', colour: '#e2001a' },
  16: { name: 'RED by SFR', colour: '#c8102e' },
  3: { name: 'Bouygues Telecom', colour: '#0055a4' },
  17: { name: 'B&You', colour: '#00a0df' },
  4: { name: 'Free', colour: '#cd1e25' },
};

const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

function priceText(t: Transaction): string {
  if (!t.recurrence) return `${euros(t.amount)}, une fois`;
  const unit = t.recurrence.unit === 'week' ? 'semaine' : 'mois';
  const renewal = euros(t.renewalAmount ?? t.amount);
  if (t.trialDays > 0) return `Gratuit pendant ${t.trialDays} jours, puis ${renewal} par ${unit}, sans engagement`;
  return `${renewal} par ${unit}, sans engagement`;
}

function page(t: Transaction, error: string | null): string {
  const operator = OPERATORS[t.operatorId] ?? { name: 'Votre opérateur', colour: '#444' };
  const line = t.msisdn
    ? `<p class="line">Ligne ${escapeHtml(t.msisdn.replace(/(\d{2})(?=\d)/g, '$1 '))}</p>`
    : `<label>Votre numéro de mobile <input name="msisdn" inputmode="tel" autocomplete="tel" required pattern="0[67][0-9]{8}"></label>`;
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(operator.name)} — paiement sur facture mobile</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f4;color:#111}header{background:${operator.colour};color:#fff;padding:16px 24px;font-weight:700;font-size:20px}
main{max-width:440px;margin:24px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px #0002}h1{font-size:20px;margin:0 0 8px}
.price{font-size:18px;font-weight:600}.line{color:#555}label{display:block;margin:16px 0}input{display:block;width:100%;padding:10px;font-size:18px;margin-top:6px;box-sizing:border-box}
button{font-size:17px;padding:12px 20px;border-radius:8px;border:0;margin:8px 8px 0 0;cursor:pointer}.ok{background:${operator.colour};color:#fff}.no{background:#ddd}
.error{color:#b00020}small{display:block;color:#666;margin-top:16px}</style></head>
<body><header>${escapeHtml(operator.name)} · Paiement sur facture mobile</header><main>
<h1>${escapeHtml(t.description)}</h1><p class="price">${escapeHtml(priceText(t))}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post">${line}
<button class="ok" name="action" value="confirm">Valider l'achat</button><button class="no" name="action" value="cancel" formnovalidate>Annuler</button></form>
<small>Le montant sera ajouté à votre facture ${escapeHtml(operator.name)}. Environnement de test Playz : aucun paiement réel.</small>
</main></body></html>`;
}

/** The operator's payment page: the viewer confirms or cancels; the merchant hears it first. */
export function registerPaymentPage(
  app: FastifyInstance,
  deps: {
    state: GatewayState;
    settle: (t: Transaction, outcome: 'confirm' | 'cancel') => Promise<void>;
    isMobile: (s: string) => boolean;
  },
) {
  app.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
    const t = deps.state.transactions.get(request.params.id);
    if (!t) return reply.code(404).type('text/plain').send('Transaction inconnue');
    if (t.status !== 'pending') return reply.redirect(t.returnUrl, 303);
    return reply.type('text/html; charset=utf-8').send(page(t, null));
  });

  app.post<{ Params: { id: string }; Body: { action?: string; msisdn?: string } }>(
    '/pay/:id',
    async (request, reply) => {
      const t = deps.state.transactions.get(request.params.id);
      if (!t) return reply.code(404).type('text/plain').send('Transaction inconnue');
      const action = request.body?.action === 'cancel' ? 'cancel' : 'confirm';
      if (action === 'confirm' && t.msisdn === null) {
        const msisdn = String(request.body?.msisdn ?? '').replace(/[\s.]/g, '');
        if (!deps.isMobile(msisdn))
          return reply
            .code(422)
            .type('text/html; charset=utf-8')
            .send(page(t, "Ce numéro n'est pas un mobile français."));
        t.msisdn = msisdn;
      }
      // The merchant is told before the browser goes back, as gateways do.
      await deps.settle(t, action);
      return reply.redirect(t.returnUrl, 303);
    },
  );
}
