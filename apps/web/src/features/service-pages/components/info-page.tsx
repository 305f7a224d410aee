import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';

/** The frame of every legal and information page: a way back to the hub, a title, the content. */
export function InfoPage({
  title,
  children,
  isHub = false,
}: {
  title: ReactNode;
  children: ReactNode;
  isHub?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <article className="info-page" aria-labelledby="info-page-title">
      {isHub ? null : (
        <nav className="info-page__crumbs" aria-label={t('service.hub.title')}>
          <Link to="/service/infos">← {t('service.hub.title')}</Link>
        </nav>
      )}
      <h1 className="info-page__title" id="info-page-title">
        {title}
      </h1>
      <div className="info-page__body">{children}</div>
    </article>
  );
}
