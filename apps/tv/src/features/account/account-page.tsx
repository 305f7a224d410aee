import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@playz/api-contract';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber } from '@playz/domain';
import { hasProductAccess, useAppData, useLogout, useSwitchProfile } from '@playz/queries';
import { tvPaths } from '@/app/paths';
import { FocusSection } from '@/navigation/focusable';
import { usePageFocus } from '@/navigation/use-page-focus';
import { PageState } from '@/components/page-state';
import { TvButton } from '@/components/tv-button';
import { ParentalCodeDialog } from './parental-code-dialog';
import { switchNeedsCode } from './parental-code';
import { WithdrawalPanel } from './withdrawal-panel';

/** My account on the TV: who is logged, the access held, subscribe by link code, log out (spec 1 §4). */
export function AccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const appData = useAppData();
  const logout = useLogout();
  const customer = appData.data?.Customer;
  const subscribe = useCallback(() => void navigate(tvPaths.subscribe), [navigate]);
  const logIn = useCallback(() => void navigate(tvPaths.login), [navigate]);
  const logOut = useCallback(() => logout.logOut(() => void navigate('/', { replace: true })), [logout, navigate]);
  const switching = useSwitchProfile();
  const [asking, setAsking] = useState<Profile | null>(null);
  const switchTo = useCallback(
    (profile: Profile, code?: string) =>
      switching.mutate({ uuid: profile.UUID, ...(code ? { code } : {}) }, { onSuccess: () => setAsking(null) }),
    [switching],
  );
  usePageFocus(customer?.logged ? 'account-first' : 'account-login', customer !== undefined);
  if (!customer)
    return (
      <PageState loading={appData.isPending} failed={appData.isError} empty="" onRetry={() => void appData.refetch()} />
    );
  if (!customer.logged)
    return (
      <div className="message-page">
        <h1 className="page-title">{t('tv.menu.account')}</h1>
        <TvButton focusKey="account-login" primary label={t('tv.menu.login')} onSelect={logIn} />
      </div>
    );
  const access = hasProductAccess(customer);
  return (
    <div className="account">
      <h1 className="page-title">{t('tv.menu.account')}</h1>
      <div className="account__card">
        <span className="account__avatar" aria-hidden="true">
          {(customer.firstName ?? customer.login ?? customer.userName ?? '?').slice(0, 1)}
        </span>
        <dl className="account__facts">
          <dt>{t('tv.account.login')}</dt>
          <dd>{customer.login ?? customer.userName ?? ''}</dd>
          <dt>{t('tv.account.access')}</dt>
          <dd>{access ? t('tv.account.subscribed') : t('tv.account.noAccess')}</dd>
        </dl>
      </div>
      <FocusSection focusKey="account-actions" className="account__actions">
        {access ? null : (
          <TvButton focusKey="account-first" primary label={t('tv.subscribe.action')} onSelect={subscribe} />
        )}
        <TvButton
          focusKey={access ? 'account-first' : 'account-logout'}
          label={t('tv.account.logout')}
          onSelect={logOut}
        />
      </FocusSection>
      {appData.data ? <WithdrawalPanel app={appData.data.App} customer={customer} /> : null}
      {customer.profiles.length > 1 ? (
        <>
          <h2 className="account__subtitle">{t('profiles.switcher')}</h2>
          <FocusSection focusKey="account-profiles" className="account__actions">
            {customer.profiles.map((profile, index) => (
              <TvButton
                key={profile.UUID}
                focusKey={`profile-${profile.UUID}`}
                label={profile.userName}
                pressed={index === customer.currentProfileIndex}
                onSelect={() => {
                  if (index === customer.currentProfileIndex) return;
                  if (switchNeedsCode(customer, profile)) setAsking(profile);
                  else switchTo(profile);
                }}
              />
            ))}
          </FocusSection>
        </>
      ) : null}
      {asking ? (
        <ParentalCodeDialog
          message={t('profiles.leaveKidsMessage', { name: asking.userName })}
          wrong={isApiError(switching.error, ApiErrorNumber.Forbidden)}
          busy={switching.isPending}
          onSubmit={(code) => switchTo(asking, code)}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </div>
  );
}
