import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorNumber, PARENTAL_CODE_LENGTH, validateRegisterForm } from '@playz/domain';
import { FormField } from '@/components/form-field';
import { Spinner } from '@/components/spinner';
import { failureOf } from '@/lib/form-failure';
import { useForm } from '@/lib/use-form';
import { useRegister } from '@playz/queries';

const ORDER = ['login', 'password', 'passwordConfirm', 'promoCode', 'parentalCode'] as const;
type Field = (typeof ORDER)[number];

/**
 * Register (spec 1 §2, §5, §8): login, password, confirmation, optional promo code, optional
 * 4-digit parental code and the opt-in box. 12 puts 'already registered' under the login, 14
 * 'not valid' under the password, 7 'unknown code' under the promo code (decision 019), anything
 * else the generic message at form level.
 */
export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const optinId = useId();
  const form = useForm<Field>({ login: '', password: '', passwordConfirm: '', promoCode: '', parentalCode: '' }, ORDER);
  const [optin, setOptin] = useState(false);
  const register = useRegister();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check(validateRegisterForm(form.values))) return;
    register.mutate(
      {
        ...form.values,
        login: form.values.login.trim(),
        promoCode: form.values.promoCode.trim(),
        optin,
      },
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
  };

  const input = (field: Field) => ({
    ref: form.refFor(field),
    value: form.values[field],
    onChange: (event: { target: { value: string } }) => form.setValue(field, event.target.value),
    error: form.fieldErrors[field] ? t(`validation.${form.fieldErrors[field]}`) : null,
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-busy={register.isPending || undefined}>
      {form.formError ? (
        <p className="form__error" role="alert">
          {t(form.formError)}
        </p>
      ) : null}
      <FormField
        {...input('login')}
        label={t('login.login')}
        isRequired
        name="login"
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
      />
      <FormField
        {...input('password')}
        label={t('login.password')}
        isRequired
        name="password"
        type="password"
        autoComplete="new-password"
        hint={t('register.passwordHint')}
      />
      <FormField
        {...input('passwordConfirm')}
        label={t('account.passwordConfirm')}
        isRequired
        name="password_confirm"
        type="password"
        autoComplete="new-password"
      />
      <div className="form__row">
        <FormField
          {...input('promoCode')}
          label={t('register.promoCode')}
          name="promo_code"
          autoComplete="off"
          spellCheck={false}
        />
        <FormField
          {...input('parentalCode')}
          label={t('register.parentalCode')}
          name="parental_code"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={PARENTAL_CODE_LENGTH}
          pattern="[0-9]*"
          hint={t('register.parentalCodeHint')}
        />
      </div>
      <label className="checkbox" htmlFor={optinId}>
        <input
          id={optinId}
          type="checkbox"
          name="optin"
          className="checkbox__input"
          checked={optin}
          onChange={(event) => setOptin(event.target.checked)}
        />
        <span className="checkbox__label">{t('register.optin')}</span>
      </label>
      <p className="form__note">{t('login.mandatoryFields')}</p>
      <button type="submit" className="button button--primary button--block" disabled={register.isPending}>
        {register.isPending ? <Spinner size={18} /> : null}
        <span>{t('register.submit')}</span>
      </button>
    </form>
  );
}
