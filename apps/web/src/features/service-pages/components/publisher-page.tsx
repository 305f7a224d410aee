import { useTranslation } from '@/lib/use-translation';
import type { App } from '@playz/api-contract';
import { InfoPage } from './info-page';
import { PublisherDetails, publisherAddress } from './publisher-details';

/** /service/infos/publisher (spec 1 §2): the legal-notice fields plus customer service by post, e-mail, phone. */
export function PublisherPage({ publisher }: { publisher: App['publisher'] }) {
  const { t } = useTranslation();
  return (
    <InfoPage title={t('service.publisher.title')}>
      <section className="info-section" aria-labelledby="publisher-identity">
        <h2 className="info-section__title" id="publisher-identity">
          {t('service.legalNotice.publisher')}
        </h2>
        <PublisherDetails publisher={publisher} />
      </section>
      <section className="info-section" aria-labelledby="publisher-content-manager">
        <h2 className="info-section__title" id="publisher-content-manager">
          {t('service.legalNotice.contentManager')}
        </h2>
        <p>{publisher.contact}</p>
      </section>
      <section className="info-section" aria-labelledby="publisher-customer-service">
        <h2 className="info-section__title" id="publisher-customer-service">
          {t('service.publisher.customerService')}
        </h2>
        <dl className="facts">
          <div className="facts__row">
            <dt>{t('service.publisher.byPost')}</dt>
            <dd>
              {publisher.name}, {publisherAddress(publisher)}
            </dd>
          </div>
          <div className="facts__row">
            <dt>{t('service.publisher.byEmail')}</dt>
            <dd>
              <a href={`mailto:${publisher.email}`}>{publisher.email}</a>
            </dd>
          </div>
          <div className="facts__row">
            <dt>{t('service.publisher.byPhone')}</dt>
            <dd>
              <a href={`tel:${publisher.phone.replace(/\s/g, '')}`}>{publisher.phone}</a>
            </dd>
          </div>
        </dl>
      </section>
    </InfoPage>
  );
}
