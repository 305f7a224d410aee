import { escapeHtml } from '../signed-json';
import type { FormPayment } from './shop-state';
import { CHALLENGE_CODE, TEST_CARDS } from './test-cards';

const CURRENCY_SIGN: Record<string, string> = { '978': '€', '840': '$' };
const money = (cents: string | number, numeric: string | undefined) =>
  `${(Number(cents) / 100).toFixed(2).replace('.', ',')} ${CURRENCY_SIGN[numeric ?? ''] ?? numeric ?? ''}`.trim();
/** yyyyMMdd → dd/MM/yyyy */
const frenchDate = (day: string) => `${day.slice(6, 8)}/${day.slice(4, 6)}/${day.slice(0, 4)}`;

/** What the holder agrees to, from the signed fields (amount now, then the recurring terms). */
export function amountText(f: Record<string, string>): string {
  const now = money(f.vads_amount ?? '0', f.vads_currency);
  if (f.vads_page_action === 'REGISTER_UPDATE')
    return 'Enregistrement de votre nouvelle carte : aucun débit aujourd’hui';
  if (f.vads_page_action === 'REGISTER') return 'Enregistrement de votre carte : aucun débit aujourd’hui';
  if (!f.vads_sub_amount) return `Montant : ${now}`;
  const every = /FREQ=WEEKLY/.test(f.vads_sub_desc ?? '') ? 'semaine' : 'mois';
  const then = `${money(f.vads_sub_amount, f.vads_sub_currency)} par ${every} à partir du ${frenchDate(f.vads_sub_effect_date ?? '')}, sans engagement`;
  return f.vads_page_action === 'REGISTER_SUBSCRIBE'
    ? `Aucun débit aujourd’hui, puis ${then}`
    : `${now} aujourd’hui, puis ${then}`;
}

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;background:#eef1f5;color:#1c2430}
header{background:#1f3a5f;color:#fff;padding:14px 24px;font-weight:600;display:flex;justify-content:space-between}
main{max-width:460px;margin:24px auto;background:#fff;border:1px solid #d5dbe3;border-radius:8px;padding:24px}
h1{font-size:19px;margin:0 0 4px}.shop{color:#556;margin:0 0 12px}.amount{font-size:17px;font-weight:600;margin:8px 0 16px}
label{display:block;margin:12px 0;font-weight:500}input{display:block;width:100%;padding:10px;font-size:17px;margin-top:4px;box-sizing:border-box;border:1px solid #9aa5b4;border-radius:4px}
.row{display:flex;gap:12px}.row label{flex:1}.err{color:#b00020;font-weight:400;font-size:14px}
button{font-size:16px;padding:12px 20px;border-radius:4px;border:0;cursor:pointer}.pay{background:#1f6fd1;color:#fff;width:100%;margin-top:8px}
.second{background:#e3e7ec;color:#1c2430}.link{background:none;color:#1f3a5f;text-decoration:underline;padding:8px 0;font-size:15px}
table{border-collapse:collapse;font-size:13px;margin-top:8px;width:100%}td{border-top:1px solid #e3e7ec;padding:4px 6px 4px 0;vertical-align:top}
.test{margin-top:20px;background:#fff8e1;border:1px solid #f0d98c;border-radius:6px;padding:10px 12px;font-size:13px}small{color:#667}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><header><span>Paiement sécurisé</span><span aria-label="Connexion chiffrée">🔒 3-D Secure</span></header><main>${body}</main></body></html>`;
}

const testNotice = () => `<section class="test" aria-label="Cartes de test">
<strong>Environnement de test : aucun paiement réel.</strong> Cartes (date future au format MM/AA, cryptogramme de 3 chiffres au choix) :
<table>${TEST_CARDS.map((c) => `<tr><td><code>${c.number}</code></td><td>${escapeHtml(c.label)}</td></tr>`).join('')}</table>
</section>`;

const fieldError = (errors: Record<string, string>, name: string) =>
  errors[name] ? ` <span class="err" id="${name}-error">${escapeHtml(errors[name])}</span>` : '';
const described = (errors: Record<string, string>, name: string) =>
  errors[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';

/** The card form (number, expiry MM/YY, security code), with the amount and the way back. */
export function cardPage(
  p: FormPayment,
  base: string,
  errors: Record<string, string> = {},
  values: Record<string, string> = {},
): string {
  const f = p.fields;
  const action = f.vads_page_action === 'REGISTER_UPDATE' ? 'Enregistrer la carte' : 'Valider le paiement';
  return layout(
    'Paiement par carte bancaire',
    `<h1>${escapeHtml(f.vads_order_info || 'Votre commande')}</h1>
<p class="shop">Boutique Playz · commande ${escapeHtml(f.vads_order_id ?? '')}</p>
<p class="amount">${escapeHtml(amountText(f))}</p>
<form method="post" action="${base}/page/${p.id}" novalidate>
<label>Numéro de carte${fieldError(errors, 'cardNumber')}<input name="cardNumber" inputmode="numeric" autocomplete="cc-number" value="${escapeHtml(values.cardNumber ?? '')}"${described(errors, 'cardNumber')}></label>
<div class="row"><label>Date d'expiration (MM/AA)${fieldError(errors, 'expiry')}<input name="expiry" placeholder="MM/AA" autocomplete="cc-exp" value="${escapeHtml(values.expiry ?? '')}"${described(errors, 'expiry')}></label>
<label>Cryptogramme${fieldError(errors, 'cvv')}<input name="cvv" inputmode="numeric" autocomplete="cc-csc" maxlength="3"${described(errors, 'cvv')}></label></div>
<button class="pay">${action}</button></form>
<form method="post" action="${base}/page/${p.id}/cancel"><button class="link">Annuler et retourner à la boutique</button></form>
${f.vads_ctx_mode === 'TEST' ? testNotice() : ''}`,
  );
}

/** The bank's 3-D Secure challenge: a one-time code, "Valider" or "Annuler". */
export function challengePage(p: FormPayment, base: string, error: string | null): string {
  const last4 = p.challenge?.card.number.slice(-4) ?? '';
  return layout(
    'Authentification 3-D Secure',
    `<h1>Authentification de votre paiement</h1>
<p class="shop">Votre banque vérifie qu'il s'agit bien de vous (carte •••• ${escapeHtml(last4)}).</p>
<p class="amount">${escapeHtml(amountText(p.fields))}</p>
${error ? `<p class="err" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${base}/page/${p.id}/3ds">
<label>Code reçu par SMS<input name="code" inputmode="numeric" autocomplete="one-time-code" required></label>
<div class="row"><button class="pay" name="action" value="validate">Valider</button>
<button class="second" name="action" value="cancel" formnovalidate>Annuler</button></div></form>
${p.fields.vads_ctx_mode === 'TEST' ? `<p class="test">Environnement de test : le code est ${CHALLENGE_CODE}.</p>` : ''}`,
  );
}

/** A form the stand-in refuses (as the processor's "paramètre invalide" page). */
export function formErrorPage(message: string): string {
  return layout(
    'Erreur de paiement',
    `<h1>Le paiement ne peut pas être effectué</h1><p class="err" role="alert">${escapeHtml(message)}</p>
<small>La boutique a envoyé une demande de paiement invalide. Aucun débit n'a eu lieu.</small>`,
  );
}
