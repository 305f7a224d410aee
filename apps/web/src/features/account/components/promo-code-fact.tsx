import { useTranslation } from '@/lib/use-translation';
import type { RedeemedPromoCode } from '@playz/api-contract';

/**
 * The promo code given at registration (spec 1 §2, decision 019), as one line of the identity
 * facts: the code and the day it was redeemed. What it opened shows with the subscription.
 */
export function PromoCodeFact({ promoCode }: { promoCode: RedeemedPromoCode }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(promoCode.redeemedAt));
  return (
    <div>
      <dt>{t('account.promoCode')}</dt>
      <dd>{t('account.promoCodeRedeemed', { code: promoCode.code, date })}</dd>
    </div>
  );
}
