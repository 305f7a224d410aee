import { useCallback, useRef, useState } from 'react';
import { isFormValid, type FormErrors } from '@playz/domain';
import type { MessageKey } from '@playz/i18n';
import { isFieldFailure, type FormFailure } from './form-failure';

/**
 * State of an account form (spec 1 §4 "fields validated on submit; the server call happens only
 * if there are no errors"): values, one message per field, one form-level message, and focus
 * moved to the first invalid field so keyboard and screen-reader users land on the problem.
 */
export function useForm<Field extends string>(initial: Record<Field, string>, order: readonly Field[]) {
  const [values, setValues] = useState(initial);
  const [fieldErrors, setFieldErrors] = useState<FormErrors<Field>>({});
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const inputs = useRef(new Map<Field, HTMLInputElement | HTMLSelectElement | null>());

  const setValue = useCallback((field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  }, []);

  const refFor = useCallback(
    (field: Field) => (element: HTMLInputElement | HTMLSelectElement | null) => {
      inputs.current.set(field, element);
    },
    [],
  );

  const focusFirst = (errors: FormErrors<Field>) => {
    const first = order.find((field) => errors[field] !== undefined);
    if (first) inputs.current.get(first)?.focus();
  };

  /** Shows `errors` and answers whether the form may be sent. */
  const check = (errors: FormErrors<Field>): boolean => {
    setFormError(null);
    setFieldErrors(errors);
    if (isFormValid(errors)) return true;
    focusFirst(errors);
    return false;
  };

  const showFailure = (failure: FormFailure<Field>) => {
    if (!isFieldFailure(failure)) {
      setFormError(failure.key);
      return;
    }
    const errors = { [failure.field]: failure.key } as FormErrors<Field>;
    setFieldErrors(errors);
    focusFirst(errors);
  };

  return { values, setValue, fieldErrors, formError, setFormError, refFor, check, showFailure };
}
