import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Logo } from '@/components/logo';
import type { ShellCustomer } from './shell';

interface FooterProps {
  customer: ShellCustomer;
  /** From App.isCampaignPageVisible: the regulator campaign link shows 20 Nov – 10 Dec only (spec 1 §2). */
  isCampaignPageVisible: boolean;
  publisherName?: string | undefined;
  languageSwitcher?: ReactNode;
}

/** Footer links of spec 1 §2 Layout, the 14-day withdrawal mention (spec 1 §9) and the language switcher. */
export function Footer({ customer, isCampaignPageVisible, publisherName, languageSwitcher }: FooterProps) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Logo />
          <p className="footer__mention">{t('footer.withdrawal')}</p>
          {customer.hasProductAccess ? <p className="footer__mention">{t('landing.noCommitment')}</p> : null}
        </div>
        <nav className="footer__nav" aria-label={t('footer.navigation')}>
          <ul className="footer__links">
            <li>
              <Link to="/">{t('footer.home')}</Link>
            </li>
            <li>
              <Link to="/service/infos/legal-notice">{t('footer.legalNotice')}</Link>
            </li>
            <li>
              <Link to="/service/infos/privacy">{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to="/service/infos/cookies">{t('footer.cookies')}</Link>
            </li>
            <li>
              <Link to="/service/infos/terms">{t('footer.terms')}</Link>
            </li>
            {!customer.logged ? (
              <li>
                <Link to="/customer/login">{t('footer.login')}</Link>
              </li>
            ) : null}
            <li>
              <Link to="/service/infos/faq">{t('footer.help')}</Link>
            </li>
            <li>
              <Link to="/customer/account">{t('footer.account')}</Link>
            </li>
            <li>
              <Link to="/customer/account">{t('footer.manageSubscription')}</Link>
            </li>
            {isCampaignPageVisible ? (
              <li>
                <Link to="/service/csa">{t('footer.campaign')}</Link>
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="footer__side">{languageSwitcher}</div>
      </div>
      <p className="footer__copyright">
        © {year} {publisherName ?? 'Playz'}
      </p>
    </footer>
  );
}
