import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { App } from '@playz/api-contract';
import { MailIcon } from './account-icons';

/**
 * Contact and help (spec 1 §2): contact form link, mail to the publisher, the internet-payment
 * billing link, and help for a forgotten login and for unsubscribing. The spec names no contact
 * form route: the publisher page carries the customer service by post, e-mail and phone.
 */
export function ContactHelpSection({ publisher }: { publisher: App['publisher'] }) {
  const { t } = useTranslation();
  return (
    <ul className="link-list">
      <li>
        <Link to="/service/infos/publisher">{t('account.contactForm')}</Link>
      </li>
      <li>
        <a href={`mailto:${publisher.email}`} className="link-list__mail">
          <MailIcon size={18} />
          <span>{t('account.mailPublisher', { email: publisher.email })}</span>
        </a>
      </li>
      <li>
        <Link to="/service/infos/faq">{t('account.internetBilling')}</Link>
      </li>
      <li>
        <Link to="/customer/forgot-login">{t('account.helpForgotLogin')}</Link>
      </li>
      <li>
        <Link to="/service/infos/faq">{t('account.helpUnsubscribe')}</Link>
      </li>
    </ul>
  );
}
