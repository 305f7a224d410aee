import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiErrorNumber, validateForgotPasswordForm } from '@playz/domain';
import { FormField } from '@/components/form-field';
import { Spinner } from '@/components/spinner';
import { failureOf } from '@/lib/form-failure';
import { useForm } from '@/lib/use-form';
import { useForgotPassword } from '../api/use-recovery';
import { AuthCard, AuthNotice } from './auth-card';

const ORDER = ['login'] as const;

/**
 * /customer/forgot-password (spec 1 §2): one e-mail field, possibly prefilled; on success a page
 * says a message was sent. The wording never says whether the address has an account.
 */
export function ForgotPasswordPage({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const form = useForm({ login: initialEmail }, ORDER);
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check(validateForgotPasswordForm(form.values))) return;
    const email = form.values.login.trim();
    forgot.mutate(email, {
      onSuccess: () => setSentTo(email),
      onError: (error) =>
        form.showFailure(failureOf(error, { [ApiErrorNumber.EmailNotValid]: { field: 'login', key: 'emailInvalid' } })),
    });
  };

  if (sentTo !== null) {
    return (
      <AuthCard title={t('recovery.passwordSentTitle')}>
        <AuthNotice>
          <p>{t('recovery.passwordSent', { email: sentTo })}</p>
          <p className="auth-notice__detail">{t('recovery.passwordSentHint')}</p>
        </AuthNotice>
        <Link to="/customer/login" className="button button--primary button--block">
          {t('recovery.backToLogin')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('recovery.passwordTitle')} intro={t('recovery.passwordIntro')}>
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={forgot.isPending || undefined}>
        {form.formError ? (
          <p className="form__error" role="alert">
            {t(form.formError)}
          </p>
        ) : null}
        <FormField
          ref={form.refFor('login')}
          label={t('login.login')}
          isRequired
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          value={form.values.login}
          onChange={(event) => form.setValue('login', event.target.value)}
          error={form.fieldErrors.login ? t(`validation.${form.fieldErrors.login}`) : null}
        />
        <p className="form__note">{t('login.mandatoryFields')}</p>
        <button type="submit" className="button button--primary button--block" disabled={forgot.isPending}>
          {forgot.isPending ? <Spinner size={18} /> : null}
          <span>{t('recovery.send')}</span>
        </button>
      </form>
      <div className="auth-card__links">
        <Link to="/customer/login">{t('recovery.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
