import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { isApiError } from '@playz/api-client';
import type { Customer } from '@playz/api-contract';
import { ApiErrorNumber } from '@playz/domain';
import { useParentalCodeForContent } from '@playz/queries';
import { InfoIcon } from '@/components/icons';
import { ParentalCodeDialog } from '@/components/parental-code-dialog';

/**
 * The stage of a content rated at or above the account's parental threshold (decision 059): the
 * parental code dialog opens at once; a right code gets the content's proof and the stream is
 * asked again with it, so the player starts. Cancelled, the stage keeps a button to ask again.
 * A stream asked by someone else (a list's, decision 057) is asked again by `onProven`.
 */
export function ParentalCodePrompt({
  contentId,
  poster,
  customer,
  onProven,
}: {
  contentId: string;
  poster: string | null;
  customer?: Pick<Customer, 'loggedWith'>;
  onProven?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const check = useParentalCodeForContent(contentId);
  const [isAsking, setAsking] = useState(true);

  const verify = async (code: string) => {
    try {
      return await check.mutateAsync(code);
    } catch (error) {
      // A plain 4 is a wrong code; with HTTP 429 the lockout holds and the dialog says so.
      if (isApiError(error, ApiErrorNumber.Forbidden) && error.status !== 429) return false;
      throw error;
    }
  };

  return (
    <div className="locked" role="region" aria-label={t('dialogs.parentalCode.title')}>
      {poster ? <img className="locked__image" src={poster} alt="" /> : null}
      <div className="locked__shade" />
      <div className="locked__content">
        <span className="locked__icon" aria-hidden="true">
          <InfoIcon size={28} />
        </span>
        <p className="locked__title">{t('dialogs.parentalCode.title')}</p>
        <p className="locked__text">{t('errors.parentalCodeRequired')}</p>
        <div className="locked__actions">
          <button type="button" className="button button--primary button--large" onClick={() => setAsking(true)}>
            {t('dialogs.parentalCode.submit')}
          </button>
        </div>
      </div>
      {isAsking ? (
        <ParentalCodeDialog
          message={t('errors.parentalCodeRequired')}
          verify={verify}
          customer={customer}
          onCancel={() => setAsking(false)}
          onSuccess={() => {
            setAsking(false);
            onProven?.();
          }}
        />
      ) : null}
    </div>
  );
}
