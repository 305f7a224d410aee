import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { ServiceTextPageName } from '@playz/api-contract';
import { useLoadedAppData } from '@playz/queries';
import { useDialogRoute } from '@/lib/dialog-route';
import { CookieTables } from '@/features/consent/components/cookie-table';
import { InfosHubPage } from '@/features/service-pages/components/infos-hub-page';
import { LegalNoticePage } from '@/features/service-pages/components/legal-notice-page';
import { PricePage } from '@/features/service-pages/components/price-page';
import { PublisherPage } from '@/features/service-pages/components/publisher-page';
import { TextPage } from '@/features/service-pages/components/text-page';

/** /service/infos and its pages (spec 1 §2), fed by the application data of /data. */
export function InfosHubRoute() {
  return <InfosHubPage />;
}

export function LegalNoticeRoute() {
  return <LegalNoticePage publisher={useLoadedAppData().App.publisher} />;
}

export function PublisherRoute() {
  return <PublisherPage publisher={useLoadedAppData().App.publisher} />;
}

export function PriceRoute() {
  return <PricePage offers={useLoadedAppData().App.inAppPurchases} />;
}

export function TextPageRoute({ page }: { page: Exclude<ServiceTextPageName, 'cookies'> }) {
  return <TextPage key={page} page={page} />;
}

/**
 * /service/infos/cookies: the text's {{cookieSettingsLink}} opens the settings dialog and its
 * {{cookieTable}} becomes a table per cookie type (spec 1 §2).
 */
export function CookiesPageRoute() {
  const { t } = useTranslation();
  const { App } = useLoadedAppData();
  const settings = useDialogRoute('/service/cookies/settings');
  return (
    <TextPage
      page="cookies"
      renderMarker={(marker) => {
        if (marker === 'cookieSettingsLink') {
          return (
            <Link to={settings.to} state={settings.state} className="text-link">
              {t('consent.settingsLink')}
            </Link>
          );
        }
        if (marker === 'cookieTable') return <CookieTables cookieTypes={App.cookieTypes} />;
        return null;
      }}
    />
  );
}
