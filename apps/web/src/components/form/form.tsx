import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';

/**
 * A form of the set: checked by the app, not the browser (noValidate: the messages are the spec's,
 * in the viewer's language), busy while its call runs, and its form-level message (spec 1 §8) as
 * an alert above the fields. `onSubmit` is usually `form.handleSubmit(send)` of `useForm`, and
 * `error` its `formMessage`.
 */
export function Form({
  onSubmit,
  error = null,
  isPending = false,
  intro,
  className = 'form',
  id,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  error?: string | null;
  isPending?: boolean;
  /** What the form says first, above its message (the parental-code reset's explanation). */
  intro?: ReactNode;
  className?: string;
  /** For a submit button outside the form, in a dialog's actions (`<SubmitButton form={id}>`). */
  id?: string;
  children: ReactNode;
}) {
  return (
    <form id={id} className={className} onSubmit={onSubmit} noValidate aria-busy={isPending || undefined}>
      {intro}
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      {children}
    </form>
  );
}

/** The note under the fields of a form with '*' fields (spec 1 §5). */
export function MandatoryFieldsNote() {
  const { t } = useTranslation();
  return <p className="form__note">{t('login.mandatoryFields')}</p>;
}
