import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { App } from '@playz/api-contract';
import { InfoPage } from './info-page';
import { PublisherDetails, publisherAddress } from './publisher-details';

/**
 * /service/infos/legal-notice (spec 1 §2): publisher, content manager, hosting provider,
 * contact and prices. The service runs on its publisher's own servers, so the publisher is the host.
 */
export function LegalNoticePage({ publisher }: { publisher: App['publisher'] }) {
  const { t } = useTranslation();
  return (
    <InfoPage title={t('service.legalNotice.title')}>
      <section className="info-section" aria-labelledby="legal-publisher">
        <h2 className="info-section__title" id="legal-publisher">
          {t('service.legalNotice.publisher')}
        </h2>
        <PublisherDetails publisher={publisher} />
      </section>
      <section className="info-section" aria-labelledby="legal-content-manager">
        <h2 className="info-section__title" id="legal-content-manager">
          {t('service.legalNotice.contentManager')}
        </h2>
        <p>{publisher.contact}</p>
      </section>
      <section className="info-section" aria-labelledby="legal-host">
        <h2 className="info-section__title" id="legal-host">
          {t('service.legalNotice.host')}
        </h2>
        <p>{t('service.legalNotice.hostText', { name: publisher.name, address: publisherAddress(publisher) })}</p>
      </section>
      <section className="info-section" aria-labelledby="legal-contact">
        <h2 className="info-section__title" id="legal-contact">
          {t('service.legalNotice.contact')}
        </h2>
        <p>
          <a className="text-link" href={`mailto:${publisher.email}`}>
            {publisher.email}
          </a>
          {' · '}
          <a className="text-link" href={`tel:${publisher.phone.replace(/\s/g, '')}`}>
            {publisher.phone}
          </a>
        </p>
      </section>
      <section className="info-section" aria-labelledby="legal-prices">
        <h2 className="info-section__title" id="legal-prices">
          {t('service.legalNotice.prices')}
        </h2>
        <p>
          {t('service.legalNotice.pricesText')}{' '}
          <Link className="text-link" to="/service/infos/price">
            {t('service.links.price')}
          </Link>
        </p>
      </section>
    </InfoPage>
  );
}
