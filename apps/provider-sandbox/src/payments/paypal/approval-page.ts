import type { FastifyInstance, FastifyRequest } from 'fastify';
import { escapeHtml } from '../signed-json';
import { valueToCents, type Order, type Plan, type SandboxBuyer, type Subscription } from './paypal-state';

const euros = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')} €`;

function periodText(frequency: Plan['cycles'][number]['frequency']): string {
  const n = frequency.interval_count;
  switch (frequency.interval_unit) {
    case 'DAY':
      return `${n} jour${n > 1 ? 's' : ''}`;
    case 'WEEK':
      return n === 1 ? 'semaine' : `${n} semaines`;
    case 'MONTH':
      return n === 1 ? 'mois' : `${n} mois`;
    case 'YEAR':
      return n === 1 ? 'an' : `${n} ans`;
  }
}

/** "Gratuit pendant 30 jours, puis 7,99 € par mois" from the plan's cycles. */
function planText(plan: Plan): string {
  const parts = plan.cycles.map((c) => {
    const cents = valueToCents(c.pricing_scheme?.fixed_price?.value) ?? 0;
    if (c.tenure_type === 'TRIAL' && cents === 0) return `Gratuit pendant ${periodText(c.frequency)}`;
    if (c.tenure_type === 'TRIAL') return `${euros(cents)} le premier ${periodText(c.frequency)}`;
    return `${euros(cents)} par ${periodText(c.frequency)}, sans engagement`;
  });
  return parts.join(', puis ');
}

interface PageView {
  title: string;
  amount: string;
  detail: string;
  approveLabel: string;
  buyers: readonly SandboxBuyer[];
  error: string | null;
}

/** A wallet-like page: the merchant, the amount, the buyer's account, approve or go back. */
function page(v: PageView): string {
  const accounts = v.buyers
    .map(
      (b, i) => `<label class="account"><input type="radio" name="buyer" value="${b.key}"${i === 0 ? ' checked' : ''}>
<span class="avatar">${escapeHtml(b.givenName[0] ?? '?')}${escapeHtml(b.surname[0] ?? '')}</span>
<span><strong>${escapeHtml(`${b.givenName} ${b.surname}`)}</strong><br><small>${escapeHtml(b.email)}</small>
<br><small class="source">${b.renewalsFail ? 'Carte Visa •••• 0002 (renouvellements refusés)' : 'Solde PayPal et Visa •••• 4242'}</small></span></label>`,
    )
    .join('\n');
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(v.title)} – PayPal (bac à sable)</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f5f7fa;color:#001435}
header{background:#003087;color:#fff;padding:14px 24px;font-weight:800;font-size:22px;letter-spacing:-.5px}header span{color:#009cde}
main{max-width:460px;margin:24px auto;background:#fff;border-radius:16px;padding:24px;box-shadow:0 4px 18px #00143522}
.merchant{color:#545d68;margin:0}.amount{font-size:30px;font-weight:700;margin:6px 0}.detail{color:#545d68;margin:0 0 16px}
h2{font-size:16px;margin:18px 0 8px}.account{display:flex;gap:12px;align-items:center;border:1px solid #cbd2d6;border-radius:12px;padding:12px;margin:8px 0;cursor:pointer}
.account:has(input:checked){border-color:#0070ba;box-shadow:0 0 0 2px #0070ba33}.avatar{background:#0070ba;color:#fff;border-radius:50%;width:40px;height:40px;display:flex;align-items:center;justify-content:center;font-weight:700}
.source{color:#545d68}button{display:block;width:100%;font-size:17px;font-weight:700;padding:14px;border-radius:24px;border:0;margin:12px 0 0;cursor:pointer}
.ok{background:#0070ba;color:#fff}.no{background:#fff;color:#0070ba;border:2px solid #0070ba}.error{color:#c72e2e}.sandbox{font-size:12px;color:#545d68;text-align:center}</style>
</head><body><header>Pay<span>Pal</span></header><main>
<p class="merchant">Playz</p><p class="amount">${escapeHtml(v.amount)}</p><p class="detail">${escapeHtml(v.detail)}</p>
${v.error ? `<p class="error">${escapeHtml(v.error)}</p>` : ''}
<form method="post"><h2>Se connecter avec un compte de test</h2>
${accounts}
<button class="ok" name="action" value="approve">${escapeHtml(v.approveLabel)}</button>
<button class="no" name="action" value="cancel" formnovalidate>Annuler et retourner sur Playz</button></form>
<p class="sandbox">Bac à sable PayPal : aucun argent ne circule.</p></main></body></html>`;
}

type Target = { kind: 'order'; order: Order } | { kind: 'subscription'; sub: Subscription };

/**
 * The approval pages (checkoutnow for orders, webapps/billing/subscriptions for subscriptions):
 * the viewer logs in as a sandbox buyer and approves, or goes back to the merchant.
 */
export function registerApprovalPage(
  app: FastifyInstance,
  deps: {
    findOrder: (id: string) => Order | null;
    findSubscription: (baToken: string) => Subscription | null;
    planOf: (sub: Subscription) => Plan;
    buyers: readonly SandboxBuyer[];
    approve: (request: FastifyRequest, target: Target, buyer: SandboxBuyer | null) => Promise<string>;
  },
) {
  function view(target: Target, error: string | null): PageView {
    if (target.kind === 'order') {
      const { order } = target;
      return {
        title: 'Payer',
        amount: euros(order.amountCents),
        detail: order.unit.description ?? 'Achat',
        approveLabel: 'Payer',
        buyers: deps.buyers,
        error,
      };
    }
    const plan = deps.planOf(target.sub);
    const regular = plan.cycles.find((c) => c.tenure_type === 'REGULAR')!;
    return {
      title: "S'abonner",
      amount: `${euros(valueToCents(regular.pricing_scheme?.fixed_price?.value) ?? 0)} / ${periodText(regular.frequency)}`,
      detail: `${plan.name.replace(/ \(.*\)$/, '')} : ${planText(plan)}`,
      approveLabel: "Accepter et s'abonner",
      buyers: deps.buyers,
      error,
    };
  }

  const routes: { path: string; param: 'token' | 'ba_token'; find: (id: string) => Target | null }[] = [
    {
      path: '/checkoutnow',
      param: 'token',
      find: (id) => {
        const order = deps.findOrder(id);
        return order ? { kind: 'order', order } : null;
      },
    },
    {
      path: '/webapps/billing/subscriptions',
      param: 'ba_token',
      find: (id) => {
        const sub = deps.findSubscription(id);
        return sub ? { kind: 'subscription', sub } : null;
      },
    },
  ];

  for (const route of routes) {
    app.get<{ Querystring: Record<string, string | undefined> }>(route.path, async (request, reply) => {
      const target = route.find(request.query[route.param] ?? '');
      if (!target) return reply.code(404).type('text/html').send('<p>Ce lien de paiement a expiré.</p>');
      const done =
        target.kind === 'order' ? target.order.status !== 'CREATED' : target.sub.status !== 'APPROVAL_PENDING';
      return reply.type('text/html').send(page(view(target, done ? 'Ce paiement a déjà été traité.' : null)));
    });

    app.post<{ Querystring: Record<string, string | undefined>; Body: { buyer?: string; action?: string } }>(
      route.path,
      async (request, reply) => {
        const target = route.find(request.query[route.param] ?? '');
        if (!target) return reply.code(404).type('text/html').send('<p>Ce lien de paiement a expiré.</p>');
        if (request.body?.action === 'cancel') return reply.redirect(await deps.approve(request, target, null), 303);
        const buyer = deps.buyers.find((b) => b.key === request.body?.buyer);
        if (!buyer)
          return reply
            .code(422)
            .type('text/html')
            .send(page(view(target, 'Choisissez un compte PayPal.')));
        return reply.redirect(await deps.approve(request, target, buyer), 303);
      },
    );
  }
}
