import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation';
import { useLocation } from 'react-router';
import { isApiError } from '@playz/api-client';
import { ssoAuthorizePath, ssoProviderId, type Customer } from '@playz/api-contract';
import { ApiErrorNumber, validateParentalCode } from '@playz/domain';
import { useApi } from '@playz/queries';
import type { AppData } from '@playz/queries';
import { socialProviderName } from '@/lib/customer-login';
import { failureOf } from '@/lib/form-failure';
import { queryKeys } from '@playz/queries';
import { ParentalCodeField } from './form/fields';
import { Form } from './form/form';
import { FormField } from './form/form-field';
import { SubmitButton } from './form/submit-button';
import { useForm } from './form/use-form';
import { useToast } from './toast';

type Field = 'password' | 'code';

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
  const form = useForm<Field>(
    { password: '', code: '' },
    {
      validate: (values) => ({
        password: !provider && values.password === '' ? 'passwordEmpty' : null,
        code: validateParentalCode(values.code),
      }),
    },
  );
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

  const send = ({ password, code }: Record<Field, string>) =>
    reset.mutate(provider ? { code } : { password, code }, {
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
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The request to sign in again belongs to the last attempt only.
    setNeedsSignIn(false);
    form.handleSubmit(send)(event);
  };

  // The provider brings the customer back here, signed in afresh.
  const here = location.pathname + location.search;
  const cancel = (
    <button type="button" className="button button--ghost" onClick={onCancel}>
      {t('common.cancel')}
    </button>
  );

  return (
    <Form
      onSubmit={onSubmit}
      error={needsSignIn && provider ? t('dialogs.parentalCode.reconnectFirst', { provider }) : form.formMessage}
      isPending={reset.isPending}
      intro={
        <p>
          {provider ? t('dialogs.parentalCode.resetSocialIntro', { provider }) : t('dialogs.parentalCode.resetIntro')}
        </p>
      }
    >
      {provider && providerId ? (
        <p>
          <a className="button button--ghost button--small" href={ssoAuthorizePath(providerId, here)}>
            {t('dialogs.parentalCode.reconnect', { provider })}
          </a>
        </p>
      ) : (
        <FormField
          {...form.register('password')}
          ref={(element) => {
            form.refFor('password')(element);
            firstInput.current = element;
          }}
          label={t('dialogs.parentalCode.accountPassword')}
          isRequired
          name="password"
          type="password"
          autoComplete="current-password"
        />
      )}
      <ParentalCodeField
        {...form.register('code')}
        ref={(element) => {
          form.refFor('code')(element);
          if (provider) firstInput.current = element;
        }}
        label={t('account.newCode')}
        hint={t('account.newCodeHint')}
        isRequired
        name="code"
      />
      <div className={isInDialog ? 'dialog__actions' : 'account-actions'}>
        {isInDialog ? cancel : null}
        <SubmitButton isPending={reset.isPending} label={t('common.save')} look="inline" />
        {isInDialog ? null : cancel}
      </div>
    </Form>
  );
}
