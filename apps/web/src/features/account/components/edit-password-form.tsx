import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorNumber, validateEditPasswordForm } from '@playz/domain';
import { FormField } from '@/components/form-field';
import { failureOf } from '@/lib/form-failure';
import { useForm } from '@/lib/use-form';
import { useEditCustomer } from '../api/use-account';
import { CurrentPasswordField, currentPasswordError } from './current-password-field';
import { SubmitButton } from './submit-button';

const ORDER = ['currentPassword', 'password', 'passwordConfirm'] as const;

/**
 * Edit password (spec 1 §2, §5, §8): the current password (decision 032), the new one and its
 * confirmation. The new one is checked here first, so the server's 14 is about the current one and
 * goes under it. The server ends the account's other sessions (decision 009).
 */
export function EditPasswordForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ currentPassword: '', password: '', passwordConfirm: '' }, ORDER);
  const edit = useEditCustomer();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const current = currentPasswordError(form.values.currentPassword);
    if (!form.check({ ...(current ? { currentPassword: current } : {}), ...validateEditPasswordForm(form.values) })) {
      return;
    }
    edit.mutate(
      {
        password: form.values.password,
        password_confirm: form.values.passwordConfirm,
        current_password: form.values.currentPassword,
      },
      {
        onSuccess,
        onError: (error) =>
          form.showFailure(
            failureOf(error, {
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
      <CurrentPasswordField
        ref={form.refFor('currentPassword')}
        value={form.values.currentPassword}
        onChange={(value) => form.setValue('currentPassword', value)}
        error={form.fieldErrors.currentPassword ? t(`validation.${form.fieldErrors.currentPassword}`) : null}
      />
      <FormField
        ref={form.refFor('password')}
        label={t('account.newPassword')}
        isRequired
        name="password"
        type="password"
        autoComplete="new-password"
        value={form.values.password}
        onChange={(event) => form.setValue('password', event.target.value)}
        error={form.fieldErrors.password ? t(`validation.${form.fieldErrors.password}`) : null}
      />
      <FormField
        ref={form.refFor('passwordConfirm')}
        label={t('account.passwordConfirm')}
        isRequired
        name="password_confirm"
        type="password"
        autoComplete="new-password"
        value={form.values.passwordConfirm}
        onChange={(event) => form.setValue('passwordConfirm', event.target.value)}
        error={form.fieldErrors.passwordConfirm ? t(`validation.${form.fieldErrors.passwordConfirm}`) : null}
      />
      <p className="form__note">{t('login.mandatoryFields')}</p>
      <SubmitButton isPending={edit.isPending} />
    </form>
  );
}
