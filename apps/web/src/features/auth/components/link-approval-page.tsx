import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber } from '@playz/domain';
import { Spinner } from '@/components/spinner';
import { formLevelMessageKey } from '@/lib/form-failure';
import { withRequestedUrl } from '@/lib/requested-url';
import { useAccountLinkCheck, useApproveAccountLink } from '../api/use-account-link';
import { AuthCard, AuthNotice } from './auth-card';

/**
 * /customer/link?code= (spec 1 §3 account link codes, decision 011): the phone that scanned the TV's
 * QR code logs in or registers, then approves; the TV logs itself in at its next poll.
 */
export function LinkApprovalPage({ code, isLogged, login }: { code: string; isLogged: boolean; login: string | null }) {
  const { t } = useTranslation();
  const check = useAccountLinkCheck(code);
  const approve = useApproveAccountLink();
  const here = `/customer/link?code=${encodeURIComponent(code)}`;

  if (code === '' || check.data?.Result === false || isApiError(approve.error, ApiErrorNumber.NotFound)) {
    return (
      <AuthCard title={t('register.linkTitle')}>
        <p className="form__error" role="alert">
          {t('register.linkInvalid')}
        </p>
        <Link to="/" className="button button--ghost button--block">
          {t('menu.home')}
        </Link>
      </AuthCard>
    );
  }
  if (check.isPending) {
    return (
      <div className="auth-page" aria-busy="true">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  if (check.isError) {
    return (
      <AuthCard title={t('register.linkTitle')}>
        <p className="form__error" role="alert">
          {t(formLevelMessageKey(check.error))}
        </p>
      </AuthCard>
    );
  }
  if (approve.isSuccess) {
    return (
      <AuthCard title={t('register.linkDoneTitle')}>
        <AuthNotice>
          <p>{t('register.linkDone')}</p>
        </AuthNotice>
        <Link to="/" className="button button--primary button--block">
          {t('menu.home')}
        </Link>
      </AuthCard>
    );
  }

  const wantsRegister = check.data.Action === 'register';
  return (
    <AuthCard title={t('register.linkTitle')} intro={t('register.linkIntro')}>
      <p className="link-code" aria-label={t('register.linkCode')}>
        {code}
      </p>
      {!isLogged ? (
        <>
          <p>{wantsRegister ? t('register.linkNeedsRegister') : t('register.linkNeedsLogin')}</p>
          <Link
            to={withRequestedUrl(wantsRegister ? '/customer/register' : '/customer/login', here)}
            className="button button--primary button--block"
          >
            {wantsRegister ? t('login.register') : t('login.submit')}
          </Link>
          <Link
            to={withRequestedUrl(wantsRegister ? '/customer/login' : '/customer/register', here)}
            className="button button--ghost button--block"
          >
            {wantsRegister ? t('login.submit') : t('login.register')}
          </Link>
        </>
      ) : (
        <>
          <p>{t('register.linkAs', { login: login ?? '' })}</p>
          {approve.isError ? (
            <p className="form__error" role="alert">
              {t(formLevelMessageKey(approve.error))}
            </p>
          ) : null}
          <button
            type="button"
            className="button button--primary button--block"
            disabled={approve.isPending}
            onClick={() => approve.mutate(code)}
          >
            {approve.isPending ? <Spinner size={18} /> : null}
            <span>{t('register.linkApprove')}</span>
          </button>
        </>
      )}
    </AuthCard>
  );
}
