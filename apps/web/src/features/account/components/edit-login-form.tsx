import { useTranslation } from '@/lib/use-translation';
import { ApiErrorNumber, validateEditLogin } from '@playz/domain';
import { Form, MandatoryFieldsNote } from '@/components/form/form';
import { EmailField } from '@/components/form/fields';
import { SubmitButton } from '@/components/form/submit-button';
import { useForm } from '@/components/form/use-form';
import { failureOf } from '@/lib/form-failure';
import { useEditCustomer } from '../api/use-account';
import { CurrentPasswordField, currentPasswordError } from './current-password-field';

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
  const form = useForm(
    { login: '', currentPassword: '' },
    {
      validate: (values) => ({
        login: validateEditLogin(values.login, siteDomain),
        currentPassword: currentPasswordError(values.currentPassword),
      }),
    },
  );
  const edit = useEditCustomer();

  const send = (values: { login: string; currentPassword: string }) =>
    edit.mutate(
      { login: values.login.trim(), current_password: values.currentPassword },
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

  return (
    <Form onSubmit={form.handleSubmit(send)} error={form.formMessage} isPending={edit.isPending}>
      {currentLogin ? (
        <p className="form__current">
          {t('account.currentLogin')} <strong>{currentLogin}</strong>
        </p>
      ) : null}
      <EmailField {...form.register('login')} label={t('account.newLogin')} isRequired name="login" />
      <CurrentPasswordField {...form.register('currentPassword')} />
      <MandatoryFieldsNote />
      <SubmitButton isPending={edit.isPending} />
    </Form>
  );
}
