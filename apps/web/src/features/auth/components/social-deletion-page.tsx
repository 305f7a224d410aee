import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Spinner } from '@/components/spinner';
import { useSocialDeletionStatus } from '../api/use-social-deletion';
import { AuthCard, AuthNotice } from './auth-card';

/**
 * /customer/sso/deletion/:code (decision 086): where Facebook sends a person who asked that the
 * data Playz received from Facebook be deleted. The request is carried out when it arrives, so a
 * known code reads as done, with the day it arrived; an unknown code says so.
 */
export function SocialDeletionPage({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const status = useSocialDeletionStatus(code);
  if (status.isPending) {
    return (
      <div className="auth-page" aria-busy="true">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  if (status.isError) {
    return (
      <AuthCard title={t('socialDeletion.title')}>
        <AuthNotice tone="info">
          <p>{t('socialDeletion.unknown')}</p>
        </AuthNotice>
        <Link className="button button--primary button--block" to="/">
          {t('socialDeletion.home')}
        </Link>
      </AuthCard>
    );
  }
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(status.data.ReceivedAt),
  );
  return (
    <AuthCard title={t('socialDeletion.title')}>
      <AuthNotice>
        <p>{t('socialDeletion.done', { provider: status.data.Provider, date })}</p>
        <p>{t('socialDeletion.kept')}</p>
        <p>
          {t('socialDeletion.code')} <code>{code}</code>
        </p>
      </AuthNotice>
      <Link className="button button--primary button--block" to="/">
        {t('socialDeletion.home')}
      </Link>
    </AuthCard>
  );
}
