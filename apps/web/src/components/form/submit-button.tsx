import { useTranslation } from '@/lib/use-translation';
import { Spinner } from '@/components/spinner';

const LOOKS = {
  /** The full-width confirm of a page or dialog form. */
  block: 'button button--primary button--block',
  /** The full-width confirm of a payment step. */
  large: 'button button--primary button--large button--block',
  /** Beside a cancel button (dialog actions, inline forms). */
  inline: 'button button--primary',
  /** On a coloured card (the remote page). */
  light: 'button button--light',
} as const;

/**
 * A form's submit button: disabled with a spinner while the form's call runs. `form` names a form
 * the button sits outside of (a dialog's actions).
 */
export function SubmitButton({
  label,
  isPending = false,
  isDisabled = false,
  look = 'block',
  form,
}: {
  /** Defaults to 'Confirmer'. */
  label?: string;
  isPending?: boolean;
  /** Disabled without a spinner (nothing to send yet). */
  isDisabled?: boolean;
  look?: keyof typeof LOOKS;
  form?: string;
}) {
  const { t } = useTranslation();
  return (
    <button type="submit" form={form} className={LOOKS[look]} disabled={isPending || isDisabled}>
      {isPending ? <Spinner size={look === 'inline' ? 16 : 18} /> : null}
      <span>{label ?? t('common.confirm')}</span>
    </button>
  );
}

/**
 * The buttons of a form shown in a dialog, in the dialog's actions: cancel, then the form's submit
 * (the form is named by `formId`, since the actions sit outside it).
 */
export function DialogFormActions({
  formId,
  onCancel,
  submitLabel,
  isPending = false,
}: {
  formId: string;
  onCancel: () => void;
  submitLabel?: string;
  isPending?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="button button--ghost" onClick={onCancel}>
        {t('common.cancel')}
      </button>
      <SubmitButton form={formId} look="inline" isPending={isPending} label={submitLabel} />
    </>
  );
}
