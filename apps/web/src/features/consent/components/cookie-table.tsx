import { useTranslation } from '@/lib/use-translation';
import type { CookieType } from '@playz/api-contract';
import { cookieExpiryDisplay } from '@playz/domain';

/** '6 mois', 'Session', '30 minutes'... from the expiry in seconds (spec 1 §9). */
export function useCookieExpiryText() {
  const { t } = useTranslation();
  return (seconds: number) => {
    const { unit, value } = cookieExpiryDisplay(seconds);
    if (unit === 'none') return t('cookies.none');
    if (unit === 'session') return t('cookies.session');
    return t(`cookies.${unit}`, { count: value });
  };
}

/** The cookies of one cookie type: name, role, expiration (spec 1 §2 cookies page). */
export function CookieTable({ cookieType }: { cookieType: CookieType }) {
  const { t } = useTranslation();
  const expiryText = useCookieExpiryText();
  return (
    <div className="cookie-table__wrap">
      <table className="cookie-table">
        <caption>{t('consent.tableCaption', { name: cookieType.name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('cookies.name')}</th>
            <th scope="col">{t('cookies.role')}</th>
            <th scope="col">{t('cookies.expiration')}</th>
          </tr>
        </thead>
        <tbody>
          {cookieType.cookies.map((cookie) => (
            <tr key={cookie.id}>
              <th scope="row">
                <code>{cookie.name}</code>
              </th>
              <td>{cookie.description}</td>
              <td>{expiryText(cookie.expiration)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every cookie type, one table each: the {{cookieTable}} marker of the cookies page. */
export function CookieTables({ cookieTypes }: { cookieTypes: CookieType[] }) {
  return (
    <div className="cookie-tables">
      {cookieTypes.map((cookieType) => (
        <CookieTable key={cookieType.id} cookieType={cookieType} />
      ))}
    </div>
  );
}
