import { useTranslation } from 'react-i18next';
import { TvButton } from '@/components/tv-button';
import { LinkCode } from './link-code';

/** A payment link as GET /customer/billing/link answers it (what this block shows of it). */
type BillingLink = { url: string; code: string; qrImage: string };

/**
 * The phone pays for this TV (decision 030, 040): what is paid (`lead`), the payment link's QR
 * code and typed code (typed at /billing/link), and a new code on request. The subscription and
 * the rental pages show it alike.
 */
export function PhonePayment({
  lead,
  link,
  failed,
  newCodeKey,
  onNewCode,
}: {
  lead: string;
  link: BillingLink | null;
  failed: boolean;
  /** The focus key of the new-code button (each page puts its first focus there). */
  newCodeKey: string;
  onNewCode: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="subscribe-phone">
      <p className="link-page__lead">{lead}</p>
      {link ? (
        <LinkCode
          code={link.code}
          url={link.url}
          typeAt={`${new URL(link.url).origin}/billing/link`}
          qrImage={link.qrImage}
        />
      ) : null}
      {failed ? (
        <p className="link-page__error" role="alert">
          {t('errors.generic')}
        </p>
      ) : null}
      <TvButton focusKey={newCodeKey} label={t('tv.link.newCode')} onSelect={onNewCode} />
    </div>
  );
}
