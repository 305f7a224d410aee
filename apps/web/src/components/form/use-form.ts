import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { FormErrors, ValidationMessageKey, ValidationResult } from '@playz/domain';
import type { MessageKey } from '@playz/i18n';
import { isFieldFailure, type FormFailure } from '@/lib/form-failure';

type FieldElement = HTMLInputElement | HTMLSelectElement;

/** What an input or select of the set receives from `form.register(field)`. */
export interface FieldBinding {
  ref: (element: FieldElement | null) => void;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error: string | null;
}

/** What a form's rules say of each field: a domain message key, or null when the field is fine. */
export type FieldChecks<Field extends string> = Partial<Record<Field, ValidationResult>>;

/**
 * State of a form (spec 1 §4 "fields validated on submit; the server call happens only if there
 * are no errors"): values, one message per field, one form-level message, and focus moved to the
 * first invalid field so keyboard and screen-reader users land on the problem.
 *
 * Messages are kept as catalogue keys and translated when shown, so they follow the viewer's
 * language; the rules are the domain's, the same the server applies (decision 056).
 */
export function useForm<Field extends string>(
  initial: Record<Field, string>,
  { validate }: { validate?: (values: Record<Field, string>) => FieldChecks<Field> } = {},
) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [fieldErrors, setFieldErrors] = useState<FormErrors<Field>>({});
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const elements = useRef(new Map<Field, FieldElement>());
  const refs = useRef(new Map<Field, (element: FieldElement | null) => void>());

  const setValue = useCallback((field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  }, []);

  /** One callback per field, kept across renders, so React does not detach and re-attach it each time. */
  const refFor = (field: Field) => {
    let ref = refs.current.get(field);
    if (!ref) {
      ref = (element) => {
        if (element) elements.current.set(field, element);
        else elements.current.delete(field);
      };
      refs.current.set(field, ref);
    }
    return ref;
  };

  /** The first invalid field as the page shows it (document order), whatever order the rules ran in. */
  const focusFirst = (errors: FormErrors<Field>) => {
    const invalid = (Object.keys(errors) as Field[])
      .map((field) => elements.current.get(field))
      .filter((element): element is FieldElement => element !== undefined);
    invalid.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    invalid[0]?.focus();
  };

  /** Shows `checks` (null entries are fine fields) and answers whether the form may be sent. */
  const check = (checks: FieldChecks<Field>): boolean => {
    const errors: FormErrors<Field> = {};
    for (const field of Object.keys(checks) as Field[]) {
      const key = checks[field];
      if (key) errors[field] = key;
    }
    setFormError(null);
    setFieldErrors(errors);
    if (Object.keys(errors).length === 0) return true;
    focusFirst(errors);
    return false;
  };

  /** The form's submit handler: checks the fields with `validate`, then sends the values. */
  const handleSubmit =
    (send: (values: Record<Field, string>) => void | Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (check(validate?.(values) ?? {})) void send(values);
    };

  /** A failed call's message, under its field (focused) or at form level (spec 1 §8). */
  const showFailure = (failure: FormFailure<Field>) => {
    if (!isFieldFailure(failure)) {
      setFormError(failure.key);
      return;
    }
    const errors = { [failure.field]: failure.key } as FormErrors<Field>;
    setFieldErrors(errors);
    focusFirst(errors);
  };

  /** The message under `field`, in the viewer's language. */
  const errorOf = (field: Field) => {
    const key: ValidationMessageKey | undefined = fieldErrors[field];
    return key ? t(`validation.${key}`) : null;
  };

  /** What an input or select of the set needs to be this form's `field`. */
  const register = (field: Field): FieldBinding => ({
    ref: refFor(field),
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValue(field, event.target.value),
    error: errorOf(field),
  });

  return {
    values,
    setValue,
    reset: () => setValues(initial),
    fieldErrors,
    errorOf,
    formError,
    /** The form-level message, in the viewer's language (the `error` of `<Form>`). */
    formMessage: formError ? t(formError) : null,
    setFormError,
    register,
    refFor,
    check,
    handleSubmit,
    showFailure,
  };
}
