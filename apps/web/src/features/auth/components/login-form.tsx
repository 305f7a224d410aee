import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@playz/api-client';
import type { MessageKey } from '@playz/i18n';
import {
  ApiErrorNumber,
  isFormValid,
  validateLoginForm,
  type FormErrors,
  type ValidationMessageKey,
} from '@playz/domain';
import { Spinner } from '@/components/spinner';
import { useLogin } from '@playz/queries';

type Field = 'login' | 'password';

/** Which message a failed login shows, and where (spec 1 §8 account handling). */
function failureOf(
  error: unknown,
): { field: Field; key: ValidationMessageKey } | { field?: undefined; key: MessageKey } {
  if (isApiError(error, ApiErrorNumber.AuthenticationFailed)) return { key: 'validation.loginFailed' };
  if (isApiError(error, ApiErrorNumber.EmailNotValid)) return { field: 'login', key: 'emailInvalid' };
  return { key: 'errors.generic' };
}

/**
 * Login form (spec 1 §2): login and password, checked on submit with the domain rules; the server
 * is called only without errors (spec 1 §4); failures show under the field or at form level.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const login = useLogin();
  const [values, setValues] = useState({ login: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FormErrors<Field>>({});
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const refs = { login: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const errors = validateLoginForm(values);
    setFieldErrors(errors);
    if (!isFormValid(errors)) {
      const first = (Object.keys(errors) as Field[])[0];
      if (first) refs[first].current?.focus();
      return;
    }
    login.mutate(
      { login: values.login.trim(), password: values.password },
      {
        onSuccess,
        onError: (error) => {
          const failure = failureOf(error);
          if (failure.field) setFieldErrors({ [failure.field]: failure.key });
          else setFormError(failure.key);
        },
      },
    );
  };

  const field = (name: Field, type: string, autoComplete: string) => {
    const error = fieldErrors[name];
    const errorId = `${id}-${name}-error`;
    return (
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`${id}-${name}`}>
          {t(`login.${name}`)} <span aria-hidden="true">*</span>
        </label>
        <input
          ref={refs[name]}
          id={`${id}-${name}`}
          name={name}
          type={type}
          className="field__input"
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-required="true"
          inputMode={name === 'login' ? 'email' : undefined}
          spellCheck={false}
        />
        {error ? (
          <p className="field__error" id={errorId}>
            {t(`validation.${error}`)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-busy={login.isPending || undefined}>
      {formError ? (
        <p className="form__error" role="alert">
          {t(formError)}
        </p>
      ) : null}
      {field('login', 'email', 'username')}
      {field('password', 'password', 'current-password')}
      <p className="form__note">{t('login.mandatoryFields')}</p>
      <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
        {login.isPending ? <Spinner size={18} /> : null}
        <span>{t('login.submit')}</span>
      </button>
    </form>
  );
}
