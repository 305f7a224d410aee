import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber } from '@playz/domain';
import { useParentalCodeForContent } from '@playz/queries';
import { TvButton } from '@/components/tv-button';
import { ParentalCodeDialog } from './parental-code-dialog';
import { FocusSection } from '@/navigation/focusable';
import { usePageFocus } from '@/navigation/use-page-focus';

/**
 * A content rated at or above the account's parental threshold (decision 059), over the TV's
 * player: the code pad opens at once; a right code gets the content's proof and its stream is
 * asked again with it, so the player starts. A wrong code empties the pad; the server's lockout
 * (HTTP 429 after five wrong codes) is said as such, since typing on would be refused anyway.
 * Back closes the pad and leaves a button to open it again; Back again leaves the player. A stream
 * the content's query does not hold (a channel's, for its programme on air) is asked again by `onProven`.
 */
export function ParentalCodeOverlay({ contentId, onProven }: { contentId: string; onProven?: () => void }) {
  const { t } = useTranslation();
  const check = useParentalCodeForContent(contentId);
  const [asking, setAsking] = useState(true);
  const [wrong, setWrong] = useState(false);
  usePageFocus('parental-ask', !asking);
  const lockedOut = isApiError(check.error, ApiErrorNumber.Forbidden) && check.error.status === 429;
  // A plain 4 is a wrong code, as Valid false is; anything else (the network) is said plainly.
  const failed = check.isError && !lockedOut && !isApiError(check.error, ApiErrorNumber.Forbidden);
  const submit = (code: string) => {
    setWrong(false);
    check.mutate(code, {
      onSuccess: (valid) => {
        setWrong(!valid);
        if (valid) onProven?.();
      },
    });
  };
  const error = lockedOut ? t('errors.tooManyAttempts') : failed ? t('errors.generic') : null;
  return (
    <div className="locked" role="region" aria-label={t('dialogs.parentalCode.title')}>
      <h2 className="locked__title">{t('dialogs.parentalCode.title')}</h2>
      <p className="locked__text">{t('errors.parentalCodeRequired')}</p>
      {asking ? null : (
        <FocusSection focusKey="parental-actions" className="locked__actions">
          <TvButton focusKey="parental-ask" primary label={t('tv.parental.enter')} onSelect={() => setAsking(true)} />
        </FocusSection>
      )}
      {asking ? (
        <ParentalCodeDialog
          message={t('errors.parentalCodeRequired')}
          wrong={wrong || check.isError}
          error={error}
          busy={check.isPending}
          onSubmit={submit}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </div>
  );
}
