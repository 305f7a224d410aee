import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { Carriers } from '@playz/api-contract';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/components/toast';
import { useApi } from '@playz/queries';
import { loginPath } from '@/lib/catalogue-links';
import { postRedirectForm, startCreditCard, startPaypal, type StartInput } from '../api/use-payment';
import { CardIcon, ChevronRightIcon, WalletIcon } from './billing-icons';

export type LeavePage = (url: string) => void;
export const leaveToProvider: LeavePage = (url) => window.location.assign(url);

type Method = Carriers['billings'][number];

/**
 * Card and PayPal buttons from the carriers data (spec 3 §2). Both need an account (the card
 * and PayPal calls are for logged customers): a visitor is sent to log in and comes back here.
 * Card posts the processor's form (3-D Secure), PayPal opens its approval page (spec 3 §4).
 */
export function PaymentMethods({
  methods,
  start,
  isLogged,
  leave = leaveToProvider,
}: {
  methods: readonly Method[];
  start: StartInput;
  isLogged: boolean;
  leave?: LeavePage;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState<Method['param'] | null>(null);

  const choose = async (method: Method) => {
    if (!isLogged) return void navigate(loginPath(`${location.pathname}${location.search}`));
    setBusy(method.param);
    try {
      if (method.param === 'CB') {
        const form = await startCreditCard(api, start);
        postRedirectForm(form.RedirectUrl, form.RedirectParams);
      } else {
        leave(await startPaypal(api, start));
      }
    } catch (error) {
      // spec 3 §8: a billing URL missing or failing shows the error toast.
      console.error('[billing] payment start failed', error);
      toast.showError();
      setBusy(null);
    }
  };

  return (
    <ul className="payment-methods">
      {methods.map((method) => {
        const isCard = method.param === 'CB';
        return (
          <li key={method.param}>
            <button
              type="button"
              className="payment-method"
              onClick={() => void choose(method)}
              disabled={busy !== null}
              aria-busy={busy === method.param || undefined}
            >
              <span className="payment-method__icon" aria-hidden="true">
                {isCard ? <CardIcon size={22} /> : <WalletIcon size={22} />}
              </span>
              <span className="payment-method__text">
                <span className="payment-method__name">{t(isCard ? 'billing.card' : 'billing.paypal')}</span>
                <span className="payment-method__hint">
                  {isLogged ? t(isCard ? 'billing.cardHint' : 'billing.paypalHint') : t('billing.loginNeeded')}
                </span>
              </span>
              {busy === method.param ? <Spinner size={20} /> : <ChevronRightIcon size={20} aria-hidden="true" />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
