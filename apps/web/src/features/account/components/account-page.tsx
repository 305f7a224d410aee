import { useId, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { App, Customer } from '@playz/api-contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LogoutButton } from '@/components/logout-button';
import { NewsletterOptOutButton } from '@/components/newsletter-opt-out-button';
import { hasOwnLogin, socialProviderName, webmailUrl } from '@/lib/customer-login';
import { SocialAccountsFact } from './social-accounts-fact';
import { useDialogRoute } from '@/lib/dialog-route';
import { useDeleteAccount } from '../api/use-account';
import { ContactHelpSection } from './contact-help-section';
import { DateOfBirthForm } from './date-of-birth-form';
import { DevicesSection } from './devices-section';
import { MailboxSection } from './mailbox-section';
import { ParentalCodeSection } from './parental-code-section';
import { ProfilesSection } from './profiles-section';
import { PromoCodeFact } from './promo-code-fact';
import { SavedCardSection, type ChangeCard, type SaveCard } from './saved-card-section';
import { SubscriptionSummary } from './subscription-summary';

/**
 * /customer/account (spec 1 §2, §6; spec 3 §2): subscription, identity with edit links for
 * own-login accounts, mailbox, profiles, devices, newsletter, contact and help, legal links,
 * log-out and account deletion. `debug` (the ?debug= query) adds a block of raw account facts.
 */
export function AccountPage({
  app,
  customer,
  debug,
  now = new Date(),
  profiles,
  alerts,
  changeCard,
  saveCard,
}: {
  app: App;
  customer: Customer;
  debug: number | null;
  now?: Date;
  /** The profiles manager and the alert settings, composed by the route (features/profiles). */
  profiles?: ReactNode;
  alerts?: ReactNode;
  /** The card change of a card subscription (features/billing), composed by the route. */
  changeCard?: ChangeCard;
  /** The card on file's registration (features/billing, decision 083), composed by the route. */
  saveCard?: SaveCard;
}) {
  const { t } = useTranslation();
  // From a kids profile the account cannot be managed (decision 009): the server refuses with 4.
  const onKids = customer.profiles[customer.currentProfileIndex]?.isKids === true;
  const canEdit = hasOwnLogin(customer) && !onKids;
  const provider = socialProviderName(customer);
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ');

  return (
    <div className="account-page">
      <header className="account-hero">
        <span className="account-hero__avatar" aria-hidden="true">
          {(customer.firstName ?? customer.login ?? '?').slice(0, 1).toUpperCase()}
        </span>
        <div>
          <h1 className="account-hero__title">{t('menu.account')}</h1>
          <p className="account-hero__subtitle">{name ? t('account.hello', { name }) : (customer.login ?? '')}</p>
        </div>
      </header>
      {onKids ? <p className="account-locked">{t('profiles.accountLocked')}</p> : null}

      <div className="account-grid">
        <AccountSection title={t('account.subscription')} wide>
          <SubscriptionSummary app={app} customer={customer} now={now} />
        </AccountSection>

        <AccountSection title={t('account.savedCard')}>
          <SavedCardSection
            app={app}
            customer={customer}
            now={now}
            saveCard={saveCard}
            changeCard={changeCard}
            canManage={!onKids}
          />
        </AccountSection>

        <AccountSection title={t('account.identity')}>
          <dl className="account-facts">
            <div>
              <dt>{t('login.login')}</dt>
              <dd>{customer.login ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('account.name')}</dt>
              <dd>{name || '—'}</dd>
            </div>
            {provider ? <SocialAccountsFact /> : null}
            {customer.promoCode ? <PromoCodeFact promoCode={customer.promoCode} /> : null}
            {onKids ? <DateOfBirthFact dateOfBirth={customer.dateOfBirth ?? null} /> : null}
          </dl>
          {provider ? <p className="account-muted">{t('account.socialNotice', { provider })}</p> : null}
          {canEdit ? <EditLinks /> : null}
          {/* Any adult account gives its date of birth, a social one too (decision 058 addendum). */}
          {onKids ? null : <DateOfBirthForm dateOfBirth={customer.dateOfBirth ?? null} />}
        </AccountSection>

        {customer.hasDomainMailbox ? (
          <AccountSection title={t('account.mailbox')}>
            <MailboxSection webmail={webmailUrl(app.siteDomain)} />
          </AccountSection>
        ) : null}

        <AccountSection title={t('account.parentalCode')}>
          {onKids ? (
            <p className="account-muted">
              {t(customer.hasParentalCode ? 'account.parentalCodeSet' : 'account.parentalCodeNone')}
            </p>
          ) : (
            <ParentalCodeSection hasParentalCode={customer.hasParentalCode} customer={customer} />
          )}
        </AccountSection>

        <AccountSection title={t('account.profiles')}>
          {profiles ?? <ProfilesSection customer={customer} />}
        </AccountSection>

        {alerts ? <AccountSection title={t('alerts.title')}>{alerts}</AccountSection> : null}

        <AccountSection title={t('account.devices')} wide>
          <DevicesSection canSignOut={!onKids} />
        </AccountSection>

        <AccountSection title={t('account.newsletter')}>
          <p className="account-muted">{t(customer.optin ? 'account.newsletterOn' : 'account.newsletterOff')}</p>
          {onKids ? null : <NewsletterOptOutButton isOptedIn={customer.optin} />}
        </AccountSection>

        <AccountSection title={t('account.contactHelp')}>
          <ContactHelpSection publisher={app.publisher} />
        </AccountSection>

        <AccountSection title={t('account.legal')}>
          <ul className="link-list">
            <li>
              <Link to="/service/infos/terms">{t('account.terms')}</Link>
            </li>
            <li>
              <a href={app.withdrawalFormUrl}>{t('account.withdrawalForm')}</a>
            </li>
          </ul>
          <p className="account-muted">{t('account.publisherContact', { email: app.publisher.email })}</p>
        </AccountSection>

        <AccountSection title={t('account.session')}>
          <div className="account-actions">
            <LogoutButton />
            {onKids ? null : <DeleteAccount />}
          </div>
        </AccountSection>

        {debug !== null ? (
          <AccountSection title={t('account.debug')} wide>
            <dl className="account-facts account-facts--debug">
              <div>
                <dt>UID</dt>
                <dd>{customer.UID}</dd>
              </div>
              <div>
                <dt>loggedWith</dt>
                <dd>{customer.loggedWith ?? '—'}</dd>
              </div>
              <div>
                <dt>productAccess</dt>
                <dd>{customer.productAccess.join(', ') || '—'}</dd>
              </div>
              <div>
                <dt>hasFullAccess</dt>
                <dd>{String(customer.hasFullAccess)}</dd>
              </div>
              <div>
                <dt>subscriptions</dt>
                <dd>
                  {customer.subscriptions.map((s) => `${s.billingType} ${s.status} ${s.expirationDate}`).join(' | ') ||
                    '—'}
                </dd>
              </div>
            </dl>
          </AccountSection>
        ) : null}
      </div>
    </div>
  );
}

function AccountSection({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <section className={`account-card${wide ? ' account-card--wide' : ''}`} aria-labelledby={id}>
      <h2 className="account-card__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Dialog routes on desktop, plain paths on mobile (spec 1 §2). */
/** The date of birth as read from a kids profile, where the account cannot be edited. */
function DateOfBirthFact({ dateOfBirth }: { dateOfBirth: string | null }) {
  const { t, i18n } = useTranslation();
  const date = dateOfBirth
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(dateOfBirth))
    : '—';
  return (
    <div>
      <dt>{t('account.dateOfBirth')}</dt>
      <dd>{date}</dd>
    </div>
  );
}

function EditLinks() {
  const { t } = useTranslation();
  const editName = useDialogRoute('/customer/edit-name');
  const editLogin = useDialogRoute('/customer/edit-login');
  const editPassword = useDialogRoute('/customer/edit-password');
  return (
    <ul className="account-edit-links">
      <li>
        <Link to={editName.to} state={editName.state} className="button button--ghost button--small">
          {t('account.editName')}
        </Link>
      </li>
      <li>
        <Link to={editLogin.to} state={editLogin.state} className="button button--ghost button--small">
          {t('account.editLogin')}
        </Link>
      </li>
      <li>
        <Link to={editPassword.to} state={editPassword.state} className="button button--ghost button--small">
          {t('account.editPassword')}
        </Link>
      </li>
    </ul>
  );
}

/** Delete (spec 1 §2, §4): #delete-confirm, spinner, error in the dialog; success logs out and goes to /. */
function DeleteAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dialog = useDialogRoute('delete-confirm');
  const deletion = useDeleteAccount();
  return (
    <>
      <Link to={dialog.to} state={dialog.state} className="button button--danger-ghost" role="button">
        {t('account.delete')}
      </Link>
      {dialog.isOpen ? (
        <ConfirmDialog
          title={t('account.deleteTitle')}
          message={t('account.deleteMessage')}
          confirmLabel={t('account.deleteConfirm')}
          isDestructive
          onCancel={dialog.close}
          onConfirm={async () => {
            await deletion.mutateAsync();
            void navigate('/', { replace: true });
          }}
        />
      ) : null}
    </>
  );
}
