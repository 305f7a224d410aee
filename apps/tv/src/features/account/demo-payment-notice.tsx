import { useTranslation } from 'react-i18next';
import { useAppData } from '@playz/queries';

/**
 * The demo mode's payments go to local stand-ins (decision 047): the TV's payment pages say so,
 * as the web's do, so nobody takes a demonstration for a real shop.
 */
export function DemoPaymentNotice() {
  const { t } = useTranslation();
  if (!useAppData().data?.App.demoPayments) return null;
  return (
    <p className="tv-demo-notice" role="note">
      <strong>{t('billing.demoPaymentTitle')}</strong> {t('billing.demoPaymentText')}
    </p>
  );
}
