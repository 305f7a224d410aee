import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { isApiError } from '@playz/api-client';
import { validateMobile } from '@playz/domain';
import { Form } from '@/components/form/form';
import { MobileField } from '@/components/form/fields';
import { SubmitButton } from '@/components/form/submit-button';
import { useForm } from '@/components/form/use-form';
import { useToast } from '@/components/toast';
import { useApi } from '@playz/queries';
import { billingChoicePath } from '@/lib/billing-links';
import { offerOf } from '../api/billing-offer';
import { startDirectPass } from '../api/use-payment';
import { PaymentCard, UnknownOffer } from './payment-layout';
import { leaveToProvider } from './payment-methods';
import type { PaymentScreenProps } from './operator-choice-page';

/**
 * /billing/product/{product_id}/msisdn (spec 3 §2, §5): a French mobile number (06 or 07 then
 * 8 digits), checked on submit before any call; the price text, the legal text with the help
 * contact and the privacy link. The number goes with the operator chosen on the grid; the
 * operator's page opens. No page this time is a failure (spec 3 §4 step 1: error toast).
 */
export function MsisdnPage({
  productId,
  productPriceId,
  operatorId,
  requestedUrl,
  offers,
  helpEmail,
  leave = leaveToProvider,
}: Pick<PaymentScreenProps, 'productId' | 'productPriceId' | 'requestedUrl' | 'offers' | 'leave'> & {
  operatorId: number;
  helpEmail: string;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const toast = useToast();
  const form = useForm({ msisdn: '' }, { validate: (values) => ({ msisdn: validateMobile(values.msisdn) }) });
  const [isSending, setIsSending] = useState(false);
  const offer = offerOf(offers, productId, productPriceId, 'operator');
  if (!offer) return <UnknownOffer requestedUrl={requestedUrl} />;

  const send = async (values: { msisdn: string }) => {
    setIsSending(true);
    try {
      const url = await startDirectPass(api, {
        productId,
        productPriceId: offer.productPriceID,
        requestedUrl,
        operatorId,
        msisdn: values.msisdn.trim(),
      });
      if (url) return leave(url);
      toast.showError();
    } catch (failure) {
      // The server checks the number too (3): the same message under the field.
      if (isApiError(failure, 3)) form.showFailure({ field: 'msisdn', key: 'phoneInvalid' });
      else {
        console.error('[billing] direct pass start failed', failure);
        toast.showError();
      }
    }
    setIsSending(false);
  };

  return (
    <PaymentCard title={t('billing.msisdnTitle')} intro={t('billing.msisdnIntro')} offer={offer}>
      <Form onSubmit={form.handleSubmit(send)} isPending={isSending}>
        <MobileField {...form.register('msisdn')} label={t('billing.msisdnLabel')} isRequired name="msisdn" />
        <SubmitButton isPending={isSending} label={t('common.continue')} look="large" />
      </Form>
      <div className="payment-card__legal">
        <p>{t('billing.msisdnLegal')}</p>
        <p>
          {t('billing.helpContact')} <a href={`mailto:${helpEmail}`}>{helpEmail}</a>
        </p>
        <p>
          <Link to="/service/infos/privacy">{t('service.links.privacy')}</Link>
        </p>
      </div>
      <Link
        className="payment-card__back"
        to={billingChoicePath(productId, 'operator-choice', { productPriceId: offer.productPriceID, requestedUrl })}
      >
        {t('billing.changeOperator')}
      </Link>
    </PaymentCard>
  );
}
