import { useTranslation } from '@/lib/use-translation';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber, validateLoginForm } from '@playz/domain';
import { Form, MandatoryFieldsNote } from '@/components/form/form';
import { EmailField } from '@/components/form/fields';
import { FormField } from '@/components/form/form-field';
import { SubmitButton } from '@/components/form/submit-button';
import { useForm } from '@/components/form/use-form';
import type { FormFailure } from '@/lib/form-failure';
import { useLogin } from '@playz/queries';

type Field = 'login' | 'password';

/** Which message a failed login shows, and where (spec 1 §8 account handling). */
function failureOf(error: unknown): FormFailure<Field> {
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
  const login = useLogin();
  const form = useForm<Field>({ login: '', password: '' }, { validate: validateLoginForm });

  const send = (values: Record<Field, string>) =>
    login.mutate(
      { login: values.login.trim(), password: values.password },
      { onSuccess, onError: (error) => form.showFailure(failureOf(error)) },
    );

  return (
    <Form onSubmit={form.handleSubmit(send)} error={form.formMessage} isPending={login.isPending}>
      <EmailField
        {...form.register('login')}
        label={t('login.login')}
        isRequired
        name="login"
        autoComplete="username"
      />
      <FormField
        {...form.register('password')}
        label={t('login.password')}
        isRequired
        name="password"
        type="password"
        autoComplete="current-password"
        spellCheck={false}
      />
      <MandatoryFieldsNote />
      <SubmitButton isPending={login.isPending} label={t('login.submit')} />
    </Form>
  );
}
