import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorNumber, validateEditLogin } from '@playz/domain';
import { FormField } from '@/components/form-field';
import { failureOf } from '@/lib/form-failure';
import { useForm } from '@/lib/use-form';
import { useEditCustomer } from '../api/use-account';
import { CurrentPasswordField, currentPasswordError } from './current-password-field';
import { SubmitButton } from './submit-button';

const ORDER = ['login', 'currentPassword'] as const;

/**
 * Edit login (spec 1 §2, §5, §8): one field for the new e-mail, the current password (decision 032),
 * the '*' note, confirm; an address on the service's own domain is refused; 12 puts 'already
 * registered' under the login, 14 'not valid' under the current password.
 */
export function EditLoginForm({
  currentLogin,
  siteDomain,
  onSuccess,
}: {
  currentLogin: string | null;
  siteDomain: string;
  onSuccess: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm({ login: '', currentPassword: '' }, ORDER);
  const edit = useEditCustomer();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const error = validateEditLogin(form.values.login, siteDomain);
    const current = currentPasswordError(form.values.currentPassword);
    if (!form.check({ ...(error ? { login: error } : {}), ...(current ? { currentPassword: current } : {}) })) return;
    edit.mutate(
      { login: form.values.login.trim(), current_password: form.values.currentPassword },
      {
        onSuccess,
        onError: (failure) =>
          form.showFailure(
            failureOf(failure, {
              [ApiErrorNumber.EmailAlreadyExists]: { field: 'login', key: 'emailExists' },
              [ApiErrorNumber.EmailNotValid]: { field: 'login', key: 'emailInvalid' },
              [ApiErrorNumber.PasswordNotValid]: { field: 'currentPassword', key: 'passwordInvalid' },
            }),
          ),
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-busy={edit.isPending || undefined}>
      {form.formError ? (
        <p className="form__error" role="alert">
          {t(form.formError)}
        </p>
      ) : null}
      {currentLogin ? (
        <p className="form__current">
          {t('account.currentLogin')} <strong>{currentLogin}</strong>
        </p>
      ) : null}
      <FormField
        ref={form.refFor('login')}
        label={t('account.newLogin')}
        isRequired
        name="login"
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        value={form.values.login}
        onChange={(event) => form.setValue('login', event.target.value)}
        error={form.fieldErrors.login ? t(`validation.${form.fieldErrors.login}`) : null}
      />
      <CurrentPasswordField
        ref={form.refFor('currentPassword')}
        value={form.values.currentPassword}
        onChange={(value) => form.setValue('currentPassword', value)}
        error={form.fieldErrors.currentPassword ? t(`validation.${form.fieldErrors.currentPassword}`) : null}
      />
      <p className="form__note">{t('login.mandatoryFields')}</p>
      <SubmitButton isPending={edit.isPending} />
    </form>
  );
}
