import { Link, useLocation } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { Subscription } from '@playz/api-contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useToast } from '@/components/toast';
import { useDialogRoute } from '@/lib/dialog-route';
import { useUnsubscribe } from '../api/unsubscribe';

/** Which subscription the open #unsubscribe-confirm is about, carried by the history entry. */
const PURCHASE_KEY = 'unsubscribePurchaseID';

export interface UnsubscribeChoice {
  subscription: Subscription;
  offerName: string;
}

/** The unsubscribe button of my account (spec 3 §2, §4): opens #unsubscribe-confirm for one subscription. */
export function UnsubscribeButton({ purchaseID }: { purchaseID: number }) {
  const { t } = useTranslation();
  const dialog = useDialogRoute('unsubscribe-confirm');
  return (
    <Link
      to={dialog.to}
      state={{ ...dialog.state, [PURCHASE_KEY]: purchaseID }}
      className="button button--ghost button--small"
      role="button"
    >
      {t('account.unsubscribe')}
    </Link>
  );
}

/**
 * #unsubscribe-confirm (spec 3 §4 Unsubscribe): confirm, call, then the confirmation toast or the
 * error toast 'Une erreur s'est produite' (spec 3 §8, 3 s). Opened without a chosen subscription
 * (a shared link, a reload), it is about the first one that may be unsubscribed.
 */
export function UnsubscribeConfirm({ choices }: { choices: UnsubscribeChoice[] }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const dialog = useDialogRoute('unsubscribe-confirm');
  const toast = useToast();
  const unsubscribe = useUnsubscribe();
  const wanted = (location.state as Record<string, unknown> | null)?.[PURCHASE_KEY];
  const choice = choices.find((c) => c.subscription.purchaseID === wanted) ?? choices[0];
  if (!dialog.isOpen || !choice) return null;

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
    new Date(choice.subscription.expirationDate),
  );
  return (
    <ConfirmDialog
      title={t('account.unsubscribeTitle', { offer: choice.offerName })}
      message={t('account.unsubscribeMessage', { date })}
      confirmLabel={t('account.unsubscribeConfirm')}
      onCancel={dialog.close}
      onConfirm={async () => {
        try {
          await unsubscribe.mutateAsync(choice.subscription);
          toast.show(t('account.unsubscribed', { date }), 'success');
        } catch (error) {
          console.error('[unsubscribe] failed', error);
          toast.showError();
        }
        dialog.close();
      }}
    />
  );
}
