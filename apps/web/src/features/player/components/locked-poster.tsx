import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { formatPrice } from '@playz/domain';
import { purchaseLabelKey } from '@playz/i18n';
import { LockIcon } from '@/components/icons';

/**
 * A single purchase of what this player shows (spec 3 §3 ContentPurchase, LivePurchase), offered
 * beside the subscription: a film rental or a live event pass. The route finds the offer.
 */
export interface PurchaseAction {
  kind: 'rent' | 'pass';
  href: string;
  price: number;
  currency: string;
  /** How long the purchase opens the item; null: as long as the item is there. */
  hours: number | null;
  /**
   * Sold alone (a content an editor sells by purchase only, decision 107): no subscription opens
   * it, so the poster offers the purchase only, in its own words.
   */
  alone?: boolean | undefined;
}

/** The purchase's button text with its price and, for a rental, its hours ("Louer ce film 3,99 € · 48 h"). */
export function usePurchaseLabel(action: PurchaseAction): string {
  const { t, i18n } = useTranslation();
  const price = formatPrice(action.price, action.currency, i18n.language);
  return t(purchaseLabelKey(action.kind, action.hours), { price, hours: action.hours });
}

function PurchaseButton({ action }: { action: PurchaseAction }) {
  const label = usePurchaseLabel(action);
  return (
    // Sold alone, the purchase is the only way in: the poster's main button.
    <Link
      className={`button ${action.alone ? 'button--primary' : 'button--glass'} button--large locked__buy`}
      to={action.href}
    >
      {label}
    </Link>
  );
}

/**
 * Shown instead of the video without access (spec 1 §6, spec 2 §4): it leads to /service/inter
 * with the current path as requested_url.
 */
export function LockedPoster({
  poster,
  title,
  subscribeHref,
  loginHref,
  purchase,
}: {
  poster: string | null;
  title: string;
  subscribeHref: string;
  loginHref?: string | undefined;
  purchase?: PurchaseAction | null | undefined;
}) {
  const { t } = useTranslation();
  const alone = purchase?.alone === true;
  const heading = t(alone ? 'player.lockedAlone' : 'player.locked');
  return (
    <div className="locked" role="region" aria-label={heading}>
      {poster ? <img className="locked__image" src={poster} alt={title} /> : null}
      <div className="locked__shade" />
      <div className="locked__content">
        <span className="locked__icon" aria-hidden="true">
          <LockIcon size={28} />
        </span>
        <p className="locked__title">{heading}</p>
        <p className="locked__text">
          {t(
            !purchase
              ? 'player.lockedText'
              : alone
                ? 'player.lockedAloneText'
                : purchase.kind === 'pass'
                  ? 'player.lockedPassText'
                  : 'player.lockedRentText',
          )}
        </p>
        <div className="locked__actions">
          {alone ? null : (
            <Link className="button button--primary button--large" to={subscribeHref}>
              {t('menu.subscribe')}
            </Link>
          )}
          {purchase ? <PurchaseButton action={purchase} /> : null}
          {loginHref ? (
            <Link className="button button--glass button--large" to={loginHref}>
              {t('menu.login')}
            </Link>
          ) : null}
        </div>
      </div>
    </div>
  );
}
