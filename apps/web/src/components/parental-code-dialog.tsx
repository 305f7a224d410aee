import { useEffect, useId, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { isApiError } from '@playz/api-client';
import type { Customer } from '@playz/api-contract';
import { ApiErrorNumber, PARENTAL_CODE_LENGTH } from '@playz/domain';
import { Dialog } from './dialog';
import { Form } from './form/form';
import { DialogFormActions } from './form/submit-button';
import { ParentalCodeResetForm } from './parental-code-reset-form';

export interface ParentalCodeDialogProps {
  /**
   * Checks the code on the server (POST /customer/parental-code/check): the code is compared
   * with the customer's stored one there and never reaches the browser (decision 003).
   */
  verify: (code: string) => Promise<boolean>;
  onSuccess: (code: string) => void;
  onCancel: () => void;
  title?: string;
  message?: string;
  /**
   * The logged customer: the dialog then offers "Code oublié ?", a form that sets a new code
   * (decision 019) and goes on with it as if it had been typed.
   */
  customer?: Pick<Customer, 'loggedWith'>;
}

const EMPTY = Array.from({ length: PARENTAL_CODE_LENGTH }, () => '');

/**
 * The 4-digit parental-code dialog (spec 1 §2, spec 2 §5): one box per digit, typing moves to the
 * next box, backspace on an empty box goes back, pasting a code fills the boxes; the code is
 * checked as soon as the fourth digit is typed.
 */
export function ParentalCodeDialog({ verify, onSuccess, onCancel, title, message, customer }: ParentalCodeDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const errorId = useId();
  const [digits, setDigits] = useState<string[]>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [isChecking, setChecking] = useState(false);
  const [isResetting, setResetting] = useState(false);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  // Bumped after a refused code; focusing waits for the render that re-enables the boxes.
  const [retryCount, setRetryCount] = useState(0);

  const focusBox = (index: number) => inputs.current[Math.max(0, Math.min(index, PARENTAL_CODE_LENGTH - 1))]?.focus();

  const check = async (code: string) => {
    if (!new RegExp(`^\\d{${PARENTAL_CODE_LENGTH}}$`).test(code)) {
      setError(t('validation.parentalCodeInvalid'));
      focusBox(code.length);
      return;
    }
    setChecking(true);
    setError(null);
    try {
      if (await verify(code)) {
        onSuccess(code);
        return;
      }
      setError(t('dialogs.parentalCode.wrong'));
    } catch (failure) {
      // The server locks the check after too many tries (decision 009): say so instead of "wrong".
      setError(t(isApiError(failure, ApiErrorNumber.Forbidden) ? 'errors.tooManyAttempts' : 'errors.generic'));
    } finally {
      setChecking(false);
    }
    setDigits(EMPTY);
    setRetryCount((n) => n + 1);
  };

  useEffect(() => {
    if (retryCount > 0) inputs.current[0]?.focus();
  }, [retryCount]);

  const fill = (from: number, typed: string) => {
    const incoming = typed
      .replace(/\D/g, '')
      .slice(0, PARENTAL_CODE_LENGTH - from)
      .split('');
    if (incoming.length === 0) return;
    const next = [...digits];
    incoming.forEach((digit, offset) => (next[from + offset] = digit));
    setDigits(next);
    setError(null);
    const code = next.join('');
    if (code.length === PARENTAL_CODE_LENGTH && !next.includes('')) void check(code);
    else focusBox(from + incoming.length);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      setDigits((current) => current.map((digit, i) => (i === index - 1 ? '' : digit)));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') focusBox(index - 1);
    else if (event.key === 'ArrowRight') focusBox(index + 1);
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void check(digits.join(''));
  };

  if (isResetting && customer) {
    return (
      <Dialog
        title={t('dialogs.parentalCode.resetTitle')}
        onClose={onCancel}
        className="dialog__panel--form"
        actions={null}
      >
        <ParentalCodeResetForm
          isInDialog
          customer={customer}
          onCancel={() => {
            setResetting(false);
            // Back to the boxes: the effect below puts focus in the first one.
            setRetryCount((n) => n + 1);
          }}
          onDone={(code) => {
            setResetting(false);
            void check(code);
          }}
        />
      </Dialog>
    );
  }

  return (
    <Dialog
      title={title ?? t('dialogs.parentalCode.title')}
      onClose={onCancel}
      className="dialog__panel--form"
      actions={
        <DialogFormActions
          formId={formId}
          onCancel={onCancel}
          isPending={isChecking}
          submitLabel={t('dialogs.parentalCode.submit')}
        />
      }
    >
      <p>{message ?? t('dialogs.parentalCode.message')}</p>
      <Form id={formId} onSubmit={submit}>
        <div className="pin" role="group" aria-label={t('dialogs.parentalCode.title')}>
          {digits.map((digit, index) => (
            <input
              // The boxes are positional: the index is their identity.
              key={index}
              ref={(element) => {
                inputs.current[index] = element;
              }}
              className={`pin__digit ${error ? 'pin__digit--invalid' : ''}`.trim()}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={1}
              value={digit}
              disabled={isChecking}
              data-autofocus={index === 0 ? true : undefined}
              aria-label={t('dialogs.parentalCode.digit', { index: index + 1 })}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                const typed = event.target.value.replace(/\D/g, '');
                if (typed === '') setDigits((current) => current.map((d, i) => (i === index ? '' : d)));
                // A box holding a digit receives two characters: keep the new one.
                else fill(index, typed.slice(-1));
              }}
              onKeyDown={(event) => onKeyDown(index, event)}
              onPaste={(event) => onPaste(index, event)}
            />
          ))}
        </div>
        {error ? (
          <p className="field__error" id={errorId} role="alert">
            {error}
          </p>
        ) : null}
        {customer ? (
          <p className="pin__forgot">
            <button type="button" className="link-button" onClick={() => setResetting(true)}>
              {t('dialogs.parentalCode.forgot')}
            </button>
          </p>
        ) : null}
      </Form>
    </Dialog>
  );
}
