import { ApiErrorNumber, validateEditPasswordForm } from '@playz/domain';
import { Form, MandatoryFieldsNote } from '@/components/form/form';
import { NewPasswordFields } from '@/components/form/fields';
import { SubmitButton } from '@/components/form/submit-button';
import { useForm } from '@/components/form/use-form';
import { failureOf } from '@/lib/form-failure';
import { useEditCustomer } from '../api/use-account';
import { CurrentPasswordField, currentPasswordError } from './current-password-field';

/**
 * Edit password (spec 1 §2, §5, §8): the current password (decision 032), the new one and its
 * confirmation. The new one is checked here first, so the server's 14 is about the current one and
 * goes under it. The server ends the account's other sessions (decision 009).
 */
export function EditPasswordForm({ onSuccess }: { onSuccess: () => void }) {
  const form = useForm(
    { currentPassword: '', password: '', passwordConfirm: '' },
    {
      validate: (values) => ({
        currentPassword: currentPasswordError(values.currentPassword),
        ...validateEditPasswordForm(values),
      }),
    },
  );
  const edit = useEditCustomer();

  const send = (values: { currentPassword: string; password: string; passwordConfirm: string }) =>
    edit.mutate(
      { password: values.password, password_confirm: values.passwordConfirm, current_password: values.currentPassword },
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

  return (
    <Form onSubmit={form.handleSubmit(send)} error={form.formMessage} isPending={edit.isPending}>
      <CurrentPasswordField {...form.register('currentPassword')} />
      <NewPasswordFields password={form.register('password')} confirmation={form.register('passwordConfirm')} />
      <MandatoryFieldsNote />
      <SubmitButton isPending={edit.isPending} />
    </Form>
  );
}
