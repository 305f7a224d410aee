import { Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation';
import { hasProductAccess, useAppData } from '@playz/queries';
import { useDialogRoute } from '@/lib/dialog-route';
import { useLegacyMigrationNotice } from '@/lib/legacy-cookies-notice';
import { queryKeys } from '@playz/queries';
import { AuthDialogFrame } from '@/features/auth/components/auth-card';
import { LoginPage } from '@/features/auth/components/login-page';
import { LogoutConfirm } from '@/features/auth/components/logout-confirm';
import { ConsentManager } from '@/features/consent/components/consent-manager';
import { ErrorPage } from '@/features/errors/components/error-page';
import { Splash } from '@/features/errors/components/splash';
import { LanguageSwitcher } from '@/features/i18n/components/language-switcher';
import { useLanguageSync } from '@/features/i18n/api/use-language';
import { Footer } from '@/features/layout/components/footer';
import { Shell } from '@/features/layout/components/shell';
import { useProfileSwitch } from '@/features/profiles/components/use-profile-switch';
import { AccountDialogs } from './account-dialogs';
import { ServiceHashDialogs } from './dialogs.route';
import { ScrollRestoration } from '../scroll-restoration';
import { isLandingShown } from './landing-visibility';

/**
 * Application start (spec 1 §4): splash while /data loads, the server-error page if it fails,
 * then the layout around the page. Hash dialogs (#logout-confirm, #/customer/login, the service
 * dialogs, cookie settings) sit on top; browser back closes them (spec 1 §2, lib/dialog-route).
 */
export function RootRoute() {
  const { t } = useTranslation();
  const appData = useAppData();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logoutDialog = useDialogRoute('logout-confirm');
  const loginDialog = useDialogRoute('/customer/login');
  const data = appData.data;
  const profileSwitch = useProfileSwitch(data?.Customer.logged ? data.Customer : undefined);
  useLanguageSync(data !== undefined, data?.App.locale, data?.Customer.logged ? data.Customer.locale : null);
  useLegacyMigrationNotice(data !== undefined, data?.Customer.logged ?? false);

  if (!data) {
    if (appData.isError) {
      console.error("Can't get data", appData.error);
      return (
        <ErrorPage
          kind="server-error"
          backLabel={t('errors.retry')}
          onBack={() => void queryClient.resetQueries({ queryKey: queryKeys.appData })}
        />
      );
    }
    return <Splash />;
  }

  const { App, Customer } = data;
  const customer = {
    logged: Customer.logged,
    firstName: Customer.firstName,
    login: Customer.login,
    hasProductAccess: hasProductAccess(Customer),
    profiles: Customer.profiles.map((profile, index) => ({
      uuid: profile.UUID,
      name: profile.userName,
      pictureUrl: profile.thumbnailUrl,
      isKids: profile.isKids,
      isCurrent: index === Customer.currentProfileIndex,
    })),
  };
  return (
    <>
      <Shell
        showTopMenu={!isLandingShown(location.pathname, Customer)}
        customer={customer}
        onLogout={logoutDialog.open}
        onSwitchProfile={profileSwitch.switchToUuid}
        footer={
          <Footer
            customer={customer}
            isCampaignPageVisible={App.isCampaignPageVisible}
            publisherName={App.publisher.name}
            languageSwitcher={<LanguageSwitcher />}
          />
        }
      >
        <Outlet />
      </Shell>
      {logoutDialog.isOpen && Customer.logged ? (
        <LogoutConfirm onCancel={logoutDialog.close} onDone={() => void navigate('/', { replace: true })} />
      ) : null}
      {loginDialog.isOpen && !Customer.logged ? (
        // The /customer/login screen itself, recovery and registration links included.
        <AuthDialogFrame onClose={loginDialog.close}>
          <LoginPage
            requestedUrl={location.pathname}
            hasSocialSignOn={App.singleSignOns.length > 0}
            onSuccess={() => void navigate('/', { replace: true })}
          />
        </AuthDialogFrame>
      ) : null}
      {profileSwitch.dialog}
      <ServiceHashDialogs />
      <AccountDialogs />
      <ConsentManager cookieTypes={App.cookieTypes} customer={Customer} />
      <ScrollRestoration />
    </>
  );
}
