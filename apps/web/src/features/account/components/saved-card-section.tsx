import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { App, Customer } from '@playz/api-contract';
import { canRemoveSavedCard } from '@playz/domain';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/components/toast';
import { useDialogRoute } from '@/lib/dialog-route';
import { useRemoveSavedCard } from '../api/saved-card';
import { renewingCardSubscription } from '../api/subscription-view';

/** Leaves for the card processor's page to register the card on file (composed by the route). */
export type SaveCard = () => Promise<void>;
/** Leaves for the card processor's page to give a card subscription a new card (composed by the route). */
export type ChangeCard = (productId: number) => Promise<void>;

/**
 * The saved card (spec 3 §7 /billing/credit-card/save and /update, decision 083): the card on file,
 * masked, which card renewals are charged on, and one button to change it on the processor's page
 * (3-D Secure). While a card subscription renews, the change is the spec's update of that
 * subscription (its registration takes the new card, which becomes the card on file); otherwise a
 * registration of its own (save). Remove (#remove-card-confirm) while no card subscription renews on it.
 */
export function SavedCardSection({
  app,
  customer,
  now,
  saveCard,
  changeCard,
  canManage,
}: {
  app: App;
  customer: Customer;
  now: Date;
  saveCard?: SaveCard | undefined;
  changeCard?: ChangeCard | undefined;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const card = customer.creditCard ?? null;
  const removable = card !== null && canRemoveSavedCard(customer.subscriptions);
  const renewing = renewingCardSubscription(customer.subscriptions, app.inAppPurchases, now);
  const register: SaveCard | undefined = renewing && changeCard ? () => changeCard(renewing.productID) : saveCard;
  return (
    <>
      {card ? (
        <p className="saved-card">
          <span className="saved-card__number">
            {t('account.cardOnFile', { brand: card.brand ?? '', number: card.maskedNumber })}
          </span>
          {card.expiryMonth !== null && card.expiryYear !== null ? (
            <span className="saved-card__expiry">
              {t('account.cardExpiry', { month: String(card.expiryMonth).padStart(2, '0'), year: card.expiryYear })}
            </span>
          ) : null}
        </p>
      ) : (
        <p className="account-muted">{t('account.savedCardNone')}</p>
      )}
      <p className="account-muted">{t('account.savedCardHint')}</p>
      {canManage ? (
        <div className="account-actions">
          {register ? (
            <CardButton register={register} label={t(card || renewing ? 'account.changeCard' : 'account.saveCard')} />
          ) : null}
          {removable ? <RemoveCardButton /> : null}
        </div>
      ) : null}
      {card && removable ? <RemoveCardConfirm maskedNumber={card.maskedNumber} /> : null}
      {card && !removable && canManage ? <p className="account-muted">{t('account.removeCardBlocked')}</p> : null}
    </>
  );
}

/** The processor's page opens by a form post: on success the page is left; a failure is the error toast (spec 3 §8). */
function CardButton({ register, label }: { register: SaveCard; label: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button button--ghost button--small"
      title={t('account.changeCardHint')}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => {
        setBusy(true);
        register().catch((error: unknown) => {
          console.error('[account] card registration failed', error);
          toast.showError();
          setBusy(false);
        });
      }}
    >
      {busy ? <Spinner size={16} /> : null}
      <span>{label}</span>
    </button>
  );
}

function RemoveCardButton() {
  const { t } = useTranslation();
  const dialog = useDialogRoute('remove-card-confirm');
  return (
    <Link to={dialog.to} state={dialog.state} className="button button--ghost button--small" role="button">
      {t('account.removeCard')}
    </Link>
  );
}

function RemoveCardConfirm({ maskedNumber }: { maskedNumber: string }) {
  const { t } = useTranslation();
  const dialog = useDialogRoute('remove-card-confirm');
  const toast = useToast();
  const remove = useRemoveSavedCard();
  if (!dialog.isOpen) return null;
  return (
    <ConfirmDialog
      title={t('account.removeCardTitle')}
      message={t('account.removeCardMessage', { number: maskedNumber })}
      confirmLabel={t('account.removeCardConfirm')}
      isDestructive
      onCancel={dialog.close}
      onConfirm={async () => {
        try {
          await remove.mutateAsync();
          toast.show(t('account.cardRemoved'), 'success');
        } catch (error) {
          console.error('[account] card removal failed', error);
          toast.showError();
        }
        dialog.close();
      }}
    />
  );
}
