import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from './dialog';
import { Form } from './form/form';
import { FormField } from './form/form-field';
import { DialogFormActions } from './form/submit-button';

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
      actions={<DialogFormActions formId={formId} onCancel={onCancel} submitLabel={submitLabel} />}
    >
      {message ? <div>{message}</div> : null}
      <Form id={formId} onSubmit={submit}>
        <FormField
          label={label}
          type={inputType}
          autoComplete={autoComplete}
          value={value}
          data-autofocus
          error={error}
          onChange={(event) => setValue(event.target.value)}
        />
      </Form>
    </Dialog>
  );
}
