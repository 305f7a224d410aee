import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PARENTAL_CODE_LENGTH } from './parental-code';
import { TvButton } from '@/components/tv-button';
import { digitOf } from '@/lib/digits';
import { setModalFocus } from '@/navigation/focus-memory';
import { FocusSection, useTvFocusable } from '@/navigation/focusable';
import { focusKeysOnly } from '@/navigation/remote-keys';
import { useRemoteKeys } from '@/navigation/use-remote-keys';
import { useParentalCodeFromPhone } from '@/remote/handoff';
import { useRemoteStatus } from '@/remote/remote-status';

function PadKey({ label, onSelect }: { label: string; onSelect: () => void }) {
  const { ref, focused } = useTvFocusable<HTMLDivElement>({ focusKey: `pin-${label}`, onSelect });
  return (
    <div ref={ref} tabIndex={-1} role="button" data-focused={focused || undefined} className="osk__key">
      {label}
    </div>
  );
}

const PAD = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '⌫', '0'];

/**
 * The 4-digit parental code (spec 2 §4 "takes 4 single digits"): the remote's number keys, or
 * the pad for remotes without them, or a linked phone of the account (decision 040: the TV asks its
 * phones while the dialog is open). The code goes to `onSubmit` as soon as it has 4 digits; a
 * wrong code (the caller's `wrong`) empties it; `error` says why instead of "wrong" when the check
 * itself was refused (the lockout's HTTP 429). Back closes the dialog.
 */
export function ParentalCodeDialog({
  message,
  wrong,
  error = null,
  busy,
  onSubmit,
  onCancel,
}: {
  message: string;
  wrong: boolean;
  error?: string | null;
  busy: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const phones = useRemoteStatus().clients;
  const type = useCallback(
    (digit: string) => {
      if (busy || code.length >= PARENTAL_CODE_LENGTH) return;
      const next = code + digit;
      setCode(next);
      if (next.length === PARENTAL_CODE_LENGTH) onSubmit(next);
    },
    [busy, code, onSubmit],
  );
  const erase = useCallback(() => setCode((current) => current.slice(0, -1)), []);
  // The phone's code replaces whatever was typed here, and is checked the same way.
  useParentalCodeFromPhone(wrong, (phoneCode) => {
    if (busy) return;
    setCode(phoneCode);
    onSubmit(phoneCode);
  });
  // A refused code is typed again from the start.
  useEffect(() => {
    if (wrong) setCode('');
  }, [wrong]);
  useEffect(() => {
    setModalFocus('pin-1', 'pin-');
    return () => setModalFocus(null);
  }, []);
  // A modal: every key is its own (the screen under it never sees OK or the arrows).
  useRemoteKeys((key) => {
    const digit = digitOf(key);
    if (digit !== null) type(digit);
    else if (key === 'back') onCancel();
    else focusKeysOnly(key);
    return true;
  });
  return (
    <div className="consent" role="dialog" aria-modal="true" aria-label={t('dialogs.parentalCode.title')}>
      <div className="consent__panel pin">
        <h2 className="consent__title">{t('dialogs.parentalCode.title')}</h2>
        <p className="consent__text">{message}</p>
        {phones > 0 ? <p className="pin__phone">{t('tv.parental.orPhone')}</p> : null}
        <div className="pin__cells" aria-live="polite">
          {Array.from({ length: PARENTAL_CODE_LENGTH }, (_, index) => (
            <span
              key={index}
              className="pin__cell"
              data-filled={index < code.length || undefined}
              aria-label={t('dialogs.parentalCode.digit', { index: index + 1 })}
            />
          ))}
        </div>
        {error || wrong ? (
          <p className="link-page__error" role="alert">
            {error ?? t('dialogs.parentalCode.wrong')}
          </p>
        ) : null}
        <FocusSection focusKey="pin-pad" className="pin__pad" boundary>
          {PAD.map((label) => (
            <PadKey key={label} label={label} onSelect={label === '⌫' ? erase : () => type(label)} />
          ))}
          <TvButton focusKey="pin-cancel" label={t('common.cancel')} onSelect={onCancel} />
        </FocusSection>
      </div>
    </div>
  );
}
