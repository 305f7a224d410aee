import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FORGOT_LOGIN_OPERATORS, NO_OPERATOR_ID, validateForgotLoginForm } from '@playz/domain';
import { FormField } from '@/components/form-field';
import { Spinner } from '@/components/spinner';
import { failureOf } from '@/lib/form-failure';
import { useForm } from '@/lib/use-form';
import { useForgotLogin } from '../api/use-recovery';
import { AuthCard, AuthNotice } from './auth-card';
import { HelpContact } from './help-contact';

const ORDER = ['msisdn', 'operatorId'] as const;

/**
 * /customer/forgot-login (spec 1 §2, §5, §8): mobile number and operator (1-5; 0 = none chosen).
 * Success says the login went to that number; an unknown number shows the spec's message under
 * the field. Both show the help contact.
 */
export function ForgotLoginPage({ helpEmail }: { helpEmail: string }) {
  const { t } = useTranslation();
  const id = useId();
  const form = useForm({ msisdn: '', operatorId: String(NO_OPERATOR_ID) }, ORDER);
  const forgot = useForgotLogin();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [isUnknown, setIsUnknown] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setIsUnknown(false);
    if (!form.check(validateForgotLoginForm(form.values))) return;
    const msisdn = form.values.msisdn.trim();
    forgot.mutate(
      { msisdn, operatorId: Number(form.values.operatorId) },
      {
        onSuccess: (result) => {
          if (result) setSentTo(msisdn);
          else {
            setIsUnknown(true);
            form.showFailure({ field: 'msisdn', key: 'phoneUnknown' });
          }
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

  const operatorError = form.fieldErrors.operatorId;
  return (
    <AuthCard title={t('recovery.loginTitle')} intro={t('recovery.loginIntro')}>
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={forgot.isPending || undefined}>
        {form.formError ? (
          <p className="form__error" role="alert">
            {t(form.formError)}
          </p>
        ) : null}
        <FormField
          ref={form.refFor('msisdn')}
          label={t('recovery.msisdn')}
          isRequired
          name="msisdn"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="06 12 34 56 78"
          value={form.values.msisdn}
          onChange={(event) => form.setValue('msisdn', event.target.value)}
          error={form.fieldErrors.msisdn ? t(`validation.${form.fieldErrors.msisdn}`) : null}
        />
        <div className={`field${operatorError ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={`${id}-operator`}>
            {t('recovery.operator')}
            <span aria-hidden="true"> *</span>
          </label>
          <select
            ref={form.refFor('operatorId')}
            id={`${id}-operator`}
            name="operator_id"
            className="field__input field__select"
            value={form.values.operatorId}
            onChange={(event) => form.setValue('operatorId', event.target.value)}
            aria-invalid={operatorError ? true : undefined}
            aria-describedby={operatorError ? `${id}-operator-error` : undefined}
            aria-required="true"
          >
            <option value={NO_OPERATOR_ID}>{t('recovery.chooseOperator')}</option>
            {FORGOT_LOGIN_OPERATORS.map((operator) => (
              <option key={operator.id} value={operator.id}>
                {operator.name}
              </option>
            ))}
          </select>
          {operatorError ? (
            <p className="field__error" id={`${id}-operator-error`}>
              {t(`validation.${operatorError}`)}
            </p>
          ) : null}
        </div>
        <p className="form__note">{t('login.mandatoryFields')}</p>
        <button type="submit" className="button button--primary button--block" disabled={forgot.isPending}>
          {forgot.isPending ? <Spinner size={18} /> : null}
          <span>{t('recovery.send')}</span>
        </button>
      </form>
      {isUnknown ? <HelpContact email={helpEmail} /> : null}
      <div className="auth-card__links">
        <Link to="/customer/login">{t('recovery.backToLogin')}</Link>
        <Link to="/customer/forgot-password">{t('login.forgotPassword')}</Link>
      </div>
    </AuthCard>
  );
}
