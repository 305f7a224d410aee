import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { ApiErrorNumber, validateRegisterForm } from '@playz/domain';
import { Form, MandatoryFieldsNote } from '@/components/form/form';
import { CheckboxField, FormField } from '@/components/form/form-field';
import { EmailField, NewPasswordFields, ParentalCodeField } from '@/components/form/fields';
import { SubmitButton } from '@/components/form/submit-button';
import { useForm } from '@/components/form/use-form';
import { failureOf } from '@/lib/form-failure';
import { useRegister } from '@playz/queries';

type Field = 'login' | 'password' | 'passwordConfirm' | 'promoCode' | 'parentalCode';

/**
 * Register (spec 1 §2, §5, §8): login, password, confirmation, optional promo code, optional
 * 4-digit parental code and the opt-in box. 12 puts 'already registered' under the login, 14
 * 'not valid' under the password, 7 'unknown code' under the promo code (decision 019), anything
 * else the generic message at form level.
 */
export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const form = useForm<Field>(
    { login: '', password: '', passwordConfirm: '', promoCode: '', parentalCode: '' },
    { validate: validateRegisterForm },
  );
  const [optin, setOptin] = useState(false);
  const register = useRegister();

  const send = (values: Record<Field, string>) =>
    register.mutate(
      { ...values, login: values.login.trim(), promoCode: values.promoCode.trim(), optin },
      {
        onSuccess,
        onError: (error) =>
          form.showFailure(
            failureOf<Field>(error, {
              [ApiErrorNumber.EmailAlreadyExists]: { field: 'login', key: 'emailExists' },
              [ApiErrorNumber.EmailNotValid]: { field: 'login', key: 'emailInvalid' },
              [ApiErrorNumber.PasswordNotValid]: { field: 'password', key: 'passwordInvalid' },
              // No such code, or it has ended: the account is not created (decision 019).
              [ApiErrorNumber.NotFound]: { field: 'promoCode', key: 'promoCodeUnknown' },
            }),
          ),
      },
    );

  return (
    <Form onSubmit={form.handleSubmit(send)} error={form.formMessage} isPending={register.isPending}>
      <EmailField {...form.register('login')} label={t('login.login')} isRequired name="login" />
      <NewPasswordFields
        password={form.register('password')}
        confirmation={form.register('passwordConfirm')}
        label={t('login.password')}
        hint={t('register.passwordHint')}
      />
      <div className="form__row">
        <FormField
          {...form.register('promoCode')}
          label={t('register.promoCode')}
          name="promo_code"
          autoComplete="off"
          spellCheck={false}
        />
        <ParentalCodeField
          {...form.register('parentalCode')}
          label={t('register.parentalCode')}
          name="parental_code"
          hint={t('register.parentalCodeHint')}
        />
      </div>
      <CheckboxField
        name="optin"
        checked={optin}
        onChange={(event) => setOptin(event.target.checked)}
        label={t('register.optin')}
      />
      <MandatoryFieldsNote />
      <SubmitButton isPending={register.isPending} label={t('register.submit')} />
    </Form>
  );
}
