import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { ApiErrorNumber, validateForgotPasswordForm } from '@playz/domain';
import { Form, MandatoryFieldsNote } from '@/components/form/form';
import { EmailField } from '@/components/form/fields';
import { SubmitButton } from '@/components/form/submit-button';
import { useForm } from '@/components/form/use-form';
import { failureOf } from '@/lib/form-failure';
import { useForgotPassword } from '../api/use-recovery';
import { AuthCard, AuthNotice } from './auth-card';

/**
 * /customer/forgot-password (spec 1 §2): one e-mail field, possibly prefilled; on success a page
 * says a message was sent. The wording never says whether the address has an account.
 */
export function ForgotPasswordPage({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const form = useForm({ login: initialEmail }, { validate: validateForgotPasswordForm });
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = (values: { login: string }) => {
    const email = values.login.trim();
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
      <Form onSubmit={form.handleSubmit(send)} error={form.formMessage} isPending={forgot.isPending}>
        <EmailField {...form.register('login')} label={t('login.login')} isRequired name="email" />
        <MandatoryFieldsNote />
        <SubmitButton isPending={forgot.isPending} label={t('recovery.send')} />
      </Form>
      <div className="auth-card__links">
        <Link to="/customer/login">{t('recovery.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
