import { Link, useLocation } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { Subscription } from '@playz/api-contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useToast } from '@/components/toast';
import { useDialogRoute } from '@/lib/dialog-route';
import { useWithdraw } from '../api/withdraw';

/** Which subscription the open #withdraw-confirm is about, carried by the history entry. */
const PURCHASE_KEY = 'withdrawPurchaseID';

export interface WithdrawChoice {
  subscription: Subscription;
  offerName: string;
}

/**
 * "Cancel and get refunded" (spec 3 §1 withdrawal of 14 days, §7 POST /billing/cancel; decision
 * 083): shown only while the subscription's withdrawalUntil is ahead; opens #withdraw-confirm.
 */
export function WithdrawButton({ purchaseID }: { purchaseID: number }) {
  const { t } = useTranslation();
  const dialog = useDialogRoute('withdraw-confirm');
  return (
    <Link
      to={dialog.to}
      state={{ ...dialog.state, [PURCHASE_KEY]: purchaseID }}
      className="button button--ghost button--small subscription__withdraw"
      role="button"
    >
      {t('account.withdraw')}
    </Link>
  );
}

/**
 * #withdraw-confirm: confirm, call, then the refund shown (the subscription reads Refunded with
 * the refunded message, and a toast says so) or the error toast (spec 3 §8). Opened without a
 * chosen subscription (a reload), it is about the first one that may be withdrawn.
 */
export function WithdrawConfirm({ choices }: { choices: WithdrawChoice[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const dialog = useDialogRoute('withdraw-confirm');
  const toast = useToast();
  const withdraw = useWithdraw();
  const wanted = (location.state as Record<string, unknown> | null)?.[PURCHASE_KEY];
  const choice = choices.find((c) => c.subscription.purchaseID === wanted) ?? choices[0];
  if (!dialog.isOpen || !choice) return null;
  return (
    <ConfirmDialog
      title={t('account.withdrawTitle', { offer: choice.offerName })}
      message={t('account.withdrawMessage')}
      confirmLabel={t('account.withdrawConfirm')}
      cancelLabel={t('common.back')}
      isDestructive
      onCancel={dialog.close}
      onConfirm={async () => {
        try {
          await withdraw.mutateAsync(choice.subscription);
          toast.show(t('account.withdrawn'), 'success');
        } catch (error) {
          console.error('[withdraw] failed', error);
          toast.showError();
        }
        dialog.close();
      }}
    />
  );
}
