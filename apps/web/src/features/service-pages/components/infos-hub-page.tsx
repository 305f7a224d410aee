import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { InfoPage } from './info-page';

const LINKS = [
  { to: '/service/infos/price', key: 'service.links.price' },
  { to: '/service/infos/terms', key: 'service.links.terms' },
  { to: '/service/infos/privacy', key: 'service.links.privacy' },
  { to: '/service/infos/publisher', key: 'service.links.publisher' },
  { to: '/service/infos/legal-notice', key: 'service.links.legalNotice' },
  { to: '/service/infos/cookies', key: 'service.links.cookies' },
  { to: '/service/infos/faq', key: 'service.links.faq' },
  { to: '/temoignages', key: 'testimonials.link' },
] as const;

/** /service/infos: the hub of the legal and information pages (spec 1 §2). */
export function InfosHubPage() {
  const { t } = useTranslation();
  return (
    <InfoPage title={t('service.hub.title')} isHub>
      <p className="info-page__intro">{t('service.hub.intro')}</p>
      <ul className="info-hub">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="info-hub__link">
              <span>{t(link.key)}</span>
              <span aria-hidden="true">→</span>
            </Link>
          </li>
        ))}
      </ul>
    </InfoPage>
  );
}
