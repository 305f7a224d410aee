import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageFocus } from '@/navigation/use-page-focus';
import { TvButton } from '@/components/tv-button';
import { LinkCode } from './link-code';
import { useLinkLogin } from './use-link-login';

/** Where the phone may ask the TV to go after log-in: a TV path of this app only. */
function requestedPath(data: Record<string, unknown> | null): string {
  const asked = data?.['requested_url'];
  return typeof asked === 'string' && /^\/[\w/-]*$/.test(asked) ? asked : '/';
}

/** Log-in by link code and QR on screen (decision 011): the phone does the typing. */
export function LinkLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onLogged = useCallback(
    (data: Record<string, unknown> | null) => void navigate(requestedPath(data), { replace: true }),
    [navigate],
  );
  const { link, failed, retry } = useLinkLogin(onLogged);
  usePageFocus('link-new-code', link !== null || failed);
  return (
    <div className="link-page">
      <h1 className="page-title">{t('tv.link.title')}</h1>
      <p className="link-page__lead">{t('tv.link.lead')}</p>
      {link ? <LinkCode code={link.code} url={link.url} qrImage={link.qrImage} /> : null}
      {failed ? (
        <p className="link-page__error" role="alert">
          {t('errors.generic')}
        </p>
      ) : null}
      {!link && !failed ? <span className="spinner" aria-label={t('common.loading')} /> : null}
      <p className="link-page__waiting" role="status">
        {link ? t('tv.link.waiting') : ''}
      </p>
      <TvButton focusKey="link-new-code" label={t('tv.link.newCode')} onSelect={retry} />
    </div>
  );
}
