import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { FORGOT_LOGIN_OPERATORS, NO_OPERATOR_ID, validateForgotLoginForm } from '@playz/domain';
import { Form, MandatoryFieldsNote } from '@/components/form/form';
import { MobileField } from '@/components/form/fields';
import { SelectField } from '@/components/form/form-field';
import { SubmitButton } from '@/components/form/submit-button';
import { useForm } from '@/components/form/use-form';
import { failureOf } from '@/lib/form-failure';
import { useForgotLogin } from '../api/use-recovery';
import { AuthCard, AuthNotice } from './auth-card';
import { HelpContact } from './help-contact';

/**
 * /customer/forgot-login (spec 1 §2, §5, §8): mobile number and operator (1-5; 0 = none chosen).
 * Success says the login went to that number; an unknown number shows the spec's message under
 * the field. Both show the help contact.
 */
export function ForgotLoginPage({ helpEmail }: { helpEmail: string }) {
  const { t } = useTranslation();
  const form = useForm({ msisdn: '', operatorId: String(NO_OPERATOR_ID) }, { validate: validateForgotLoginForm });
  const forgot = useForgotLogin();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The help contact shows while the number's message is 'unknown' (cleared by the next submit).
  const isUnknown = form.fieldErrors.msisdn === 'phoneUnknown';

  const send = (values: { msisdn: string; operatorId: string }) => {
    const msisdn = values.msisdn.trim();
    forgot.mutate(
      { msisdn, operatorId: Number(values.operatorId) },
      {
        onSuccess: (result) => {
          if (result) setSentTo(msisdn);
          else form.showFailure({ field: 'msisdn', key: 'phoneUnknown' });
        },
        onError: (error) => form.showFailure(failureOf(error, {})),
      },
    );
  };

  if (sentTo !== null) {
    return (
      <AuthCard title={t('recovery.loginSentTitle')}>
        <AuthNotice>
          <p>{t('recovery.loginSent', { msisdn: sentTo })}</p>
        </AuthNotice>
        <HelpContact email={helpEmail} />
        <Link to="/customer/login" className="button button--primary button--block">
          {t('recovery.backToLogin')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('recovery.loginTitle')} intro={t('recovery.loginIntro')}>
      <Form onSubmit={form.handleSubmit(send)} error={form.formMessage} isPending={forgot.isPending}>
        <MobileField {...form.register('msisdn')} label={t('recovery.msisdn')} isRequired name="msisdn" />
        <SelectField {...form.register('operatorId')} label={t('recovery.operator')} isRequired name="operator_id">
          <option value={NO_OPERATOR_ID}>{t('recovery.chooseOperator')}</option>
          {FORGOT_LOGIN_OPERATORS.map((operator) => (
            <option key={operator.id} value={operator.id}>
              {operator.name}
            </option>
          ))}
        </SelectField>
        <MandatoryFieldsNote />
        <SubmitButton isPending={forgot.isPending} label={t('recovery.send')} />
      </Form>
      {isUnknown ? <HelpContact email={helpEmail} /> : null}
      <div className="auth-card__links">
        <Link to="/customer/login">{t('recovery.backToLogin')}</Link>
        <Link to="/customer/forgot-password">{t('login.forgotPassword')}</Link>
      </div>
    </AuthCard>
  );
}
