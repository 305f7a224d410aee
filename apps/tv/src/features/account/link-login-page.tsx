import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountLinkData } from '@playz/api-contract';
import { usePageFocus } from '@/navigation/use-page-focus';
import { TvButton } from '@/components/tv-button';
import { LinkCode } from './link-code';
import { useLinkLogin } from './use-link-login';

/**
 * Where the phone may ask the TV to go after log-in: a path of this site (the note's schema) that
 * is also the shape of a TV route (letters, digits, "-", "_" and "/": no query, no file name).
 */
function requestedPath(data: AccountLinkData | null): string {
  const asked = data?.requested_url;
  return asked !== undefined && /^\/[\w/-]*$/.test(asked) ? asked : '/';
}

/** Log-in by link code and QR on screen (decision 011): the phone does the typing. */
export function LinkLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onLogged = useCallback(
    (data: AccountLinkData | null) => void navigate(requestedPath(data), { replace: true }),
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
