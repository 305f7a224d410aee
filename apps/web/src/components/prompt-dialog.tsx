import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './dialog';

export interface PromptDialogProps {
  title: ReactNode;
  message?: ReactNode;
  label: string;
  defaultValue?: string;
  inputType?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  submitLabel?: string;
  /** Returns the message shown under the field, or null when the value is fine. */
  validate?: (value: string) => string | null;
  onSubmit: (value: string) => void;
  onCancel: () => void;
}

/** The shared prompt widget (spec 1 §2): one field, its error under it, cancel / confirm. */
export function PromptDialog({
  title,
  message,
  label,
  defaultValue = '',
  inputType = 'text',
  autoComplete,
  submitLabel,
  validate,
  onSubmit,
  onCancel,
}: PromptDialogProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const formId = useId();
  const [value, setValue] = useState(defaultValue);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validate?.(value) ?? null;
    setError(problem);
    if (!problem) onSubmit(value);
  };

  return (
    <Dialog
      title={title}
      onClose={onCancel}
      className="dialog__panel--form"
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="submit" form={formId} className="button button--primary">
            {submitLabel ?? t('common.confirm')}
          </button>
        </>
      }
    >
      {message ? <div>{message}</div> : null}
      <form id={formId} className="form" noValidate onSubmit={submit}>
        <div className={`field ${error ? 'field--invalid' : ''}`.trim()}>
          <label className="field__label" htmlFor={inputId}>
            {label}
          </label>
          <input
            id={inputId}
            className="field__input"
            type={inputType}
            autoComplete={autoComplete}
            value={value}
            data-autofocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setValue(event.target.value)}
          />
          {error ? (
            <p className="field__error" id={errorId}>
              {error}
            </p>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}
