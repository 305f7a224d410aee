import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isApiError } from '@playz/api-client';
import { ssoAuthorizePath, ssoProviderId, type Customer } from '@playz/api-contract';
import { ApiErrorNumber, PARENTAL_CODE_LENGTH, validateParentalCode } from '@playz/domain';
import { useApi } from '@playz/queries';
import type { AppData } from '@playz/queries';
import { socialProviderName } from '@/lib/customer-login';
import { failureOf } from '@/lib/form-failure';
import { queryKeys } from '@playz/queries';
import { useForm } from '@/lib/use-form';
import { FormField } from './form-field';
import { Spinner } from './spinner';
import { useToast } from './toast';

const ORDER = ['password', 'code'] as const;
type Field = (typeof ORDER)[number];

/**
 * "Code oublié ?" (decision 019): a new parental code without the old one. Accounts with a
 * password confirm it; social accounts have none, so they sign in again with their provider and
 * then have 10 minutes to choose the code (the server answers 42 or 4 when that is needed).
 * `onDone` receives the new code once it is saved.
 */
export function ParentalCodeResetForm({
  customer,
  onDone,
  onCancel,
  isInDialog = false,
}: {
  customer: Pick<Customer, 'loggedWith'>;
  onDone: (code: string) => void;
  onCancel: () => void;
  /** Buttons laid out as a dialog's (cancel first, on the right) rather than as a page form's. */
  isInDialog?: boolean;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const provider = socialProviderName(customer);
  const providerId = customer.loggedWith ? ssoProviderId(customer.loggedWith) : null;
  const form = useForm<Field>({ password: '', code: '' }, ORDER);
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const firstInput = useRef<HTMLInputElement | null>(null);
  const location = useLocation();

  // The form replaces the code boxes inside an open dialog: focus follows it.
  useEffect(() => firstInput.current?.focus(), []);

  const reset = useMutation({
    mutationFn: (body: { password?: string; code: string }) => api.resetParentalCode({ body }),
    onSuccess: ({ Customer }) =>
      queryClient.setQueryData<AppData>(queryKeys.appData, (data) => (data ? { ...data, Customer } : data)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNeedsSignIn(false);
    const passwordError = !provider && form.values.password === '' ? 'passwordEmpty' : null;
    const codeError = validateParentalCode(form.values.code);
    if (
      !form.check({
        ...(passwordError ? { password: passwordError } : {}),
        ...(codeError ? { code: codeError } : {}),
      })
    )
      return;
    const code = form.values.code;
    reset.mutate(provider ? { code } : { password: form.values.password, code }, {
      onSuccess: () => {
        toast.show(t('account.parentalCodeSaved'), 'success');
        onDone(code);
      },
      onError: (error) => {
        // Social accounts: the sign-in is too old (42) or on a kids profile (4): sign in again.
        const isSignInNeeded =
          isApiError(error, ApiErrorNumber.CustomerTokenExpired) ||
          (isApiError(error, ApiErrorNumber.Forbidden) && error.status !== 429);
        if (provider && isSignInNeeded) {
          setNeedsSignIn(true);
          return;
        }
        form.showFailure(
          failureOf<Field>(error, {
            [ApiErrorNumber.PasswordNotValid]: { field: 'password', key: 'passwordInvalid' },
            [ApiErrorNumber.BadParameter]: { field: 'code', key: 'parentalCodeInvalid' },
          }),
        );
      },
    });
  };

  // The provider brings the customer back here, signed in afresh.
  const here = location.pathname + location.search;
  const cancel = (
    <button type="button" className="button button--ghost" onClick={onCancel}>
      {t('common.cancel')}
    </button>
  );
  const fieldError = (field: Field) => (form.fieldErrors[field] ? t(`validation.${form.fieldErrors[field]}`) : null);

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-busy={reset.isPending || undefined}>
      <p>
        {provider ? t('dialogs.parentalCode.resetSocialIntro', { provider }) : t('dialogs.parentalCode.resetIntro')}
      </p>
      {form.formError ? (
        <p className="form__error" role="alert">
          {t(form.formError)}
        </p>
      ) : null}
      {needsSignIn && provider ? (
        <p className="form__error" role="alert">
          {t('dialogs.parentalCode.reconnectFirst', { provider })}
        </p>
      ) : null}
      {provider && providerId ? (
        <p>
          <a className="button button--ghost button--small" href={ssoAuthorizePath(providerId, here)}>
            {t('dialogs.parentalCode.reconnect', { provider })}
          </a>
        </p>
      ) : (
        <FormField
          ref={(element) => {
            form.refFor('password')(element);
            firstInput.current = element;
          }}
          label={t('dialogs.parentalCode.accountPassword')}
          isRequired
          name="password"
          type="password"
          autoComplete="current-password"
          value={form.values.password}
          onChange={(event) => form.setValue('password', event.target.value)}
          error={fieldError('password')}
        />
      )}
      <FormField
        ref={(element) => {
          form.refFor('code')(element);
          if (provider) firstInput.current = element;
        }}
        label={t('account.newCode')}
        hint={t('account.newCodeHint')}
        isRequired
        name="code"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={PARENTAL_CODE_LENGTH}
        pattern="[0-9]*"
        value={form.values.code}
        onChange={(event) => form.setValue('code', event.target.value)}
        error={fieldError('code')}
      />
      <div className={isInDialog ? 'dialog__actions' : 'account-actions'}>
        {isInDialog ? cancel : null}
        <button type="submit" className="button button--primary" disabled={reset.isPending}>
          {reset.isPending ? <Spinner size={16} /> : null}
          <span>{t('common.save')}</span>
        </button>
        {isInDialog ? null : cancel}
      </div>
    </form>
  );
}
