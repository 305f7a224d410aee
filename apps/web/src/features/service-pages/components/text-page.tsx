import type { ServiceTextPageName } from '@playz/api-contract';
import { useTranslation } from '@/lib/use-translation';
import { Spinner } from '@/components/spinner';
import { useServicePage } from '../api/use-service-page';
import { InfoPage } from './info-page';
import { RichText, type MarkerRenderer } from './rich-text';

/**
 * Terms, privacy, FAQ and cookies (spec 1 §2): the page's sections, each a title and a text with
 * clickable links; the cookies page passes `renderMarker` for its two markers.
 */
export function TextPage({ page, renderMarker }: { page: ServiceTextPageName; renderMarker?: MarkerRenderer }) {
  const { t } = useTranslation();
  const query = useServicePage(page);
  if (query.isError) {
    return (
      <InfoPage title={t('errors.generic')}>
        <button type="button" className="button button--primary" onClick={() => void query.refetch()}>
          {t('errors.retry')}
        </button>
      </InfoPage>
    );
  }
  if (!query.data) {
    return (
      <div className="info-page info-page--loading">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  return (
    <InfoPage title={query.data.name}>
      {query.data.sections.map((section, index) => (
        <section key={index} className="info-section" aria-labelledby={`section-${index}`}>
          <h2 className="info-section__title" id={`section-${index}`}>
            {section.title}
          </h2>
          <div className="info-section__text">
            <RichText text={section.text} renderMarker={renderMarker} />
          </div>
        </section>
      ))}
    </InfoPage>
  );
}
