import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorNumber, validateEditPasswordForm } from '@playz/domain';
import { FormField } from '@/components/form-field';
import { failureOf } from '@/lib/form-failure';
import { useForm } from '@/lib/use-form';
import { useEditCustomer } from '../api/use-account';
import { SubmitButton } from './submit-button';

const ORDER = ['password', 'passwordConfirm'] as const;

/**
 * Edit password (spec 1 §2, §5, §8): password and confirmation; 14 puts 'not valid' under the
 * password. The server ends the account's other sessions (issue 3).
 */
export function EditPasswordForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ password: '', passwordConfirm: '' }, ORDER);
  const edit = useEditCustomer();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check(validateEditPasswordForm(form.values))) return;
    edit.mutate(
      { password: form.values.password, password_confirm: form.values.passwordConfirm },
      {
        onSuccess,
        onError: (error) =>
          form.showFailure(
            failureOf(error, { [ApiErrorNumber.PasswordNotValid]: { field: 'password', key: 'passwordInvalid' } }),
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
