import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { CookieType, Customer } from '@playz/api-contract';
import { useDialogRoute } from '@/lib/dialog-route';
import { allIds, hasGrantedSomeConsent, mandatoryIds } from '@playz/queries';
import { rememberCookieTypes } from '@playz/queries';
import { useAccountConsent, useAudience } from '@playz/queries';
import { useEligibilityPush } from '../api/use-eligibility-push';
import { CookieBanner } from './cookie-banner';
import { CookieSettingsDialog } from './cookie-settings-dialog';

interface ConsentManagerProps {
  cookieTypes: CookieType[];
  customer: Pick<Customer, 'UID' | 'logged' | 'consent'>;
}

/**
 * Cookie consent on every page (spec 3 §4): the banner until a choice is made, the settings
 * dialog on #/service/cookies/settings (its plain path on mobile is a page of its own), the
 * account copy of the choice, the analytics push once some consent is granted, and the
 * first-party audience measurement while analytics is allowed.
 */
export function ConsentManager({ cookieTypes, customer }: ConsentManagerProps) {
  const { state, choose } = useAccountConsent(cookieTypes, customer);
  const settings = useDialogRoute('/service/cookies/settings');
  const { pathname } = useLocation();
  useEffect(() => rememberCookieTypes(cookieTypes), [cookieTypes]);
  useEligibilityPush(customer.UID, hasGrantedSomeConsent(cookieTypes, state));
  // After rememberCookieTypes: the measurement asks isAnalyticsAllowed, which reads them (decision 088).
  useAudience(pathname, `${state.hasChosen}:${state.acceptedIds.join(',')}`);

  return (
    <>
      {/* With no cookie types configured there is nothing to choose. */}
      {cookieTypes.length > 0 && !state.hasChosen && !settings.isOpen && !settings.isPage ? (
        <CookieBanner
          onAcceptAll={() => choose(allIds(cookieTypes), 'Default')}
          onAcceptFunctional={() => choose(mandatoryIds(cookieTypes), 'Default')}
          settingsTo={settings.to}
          settingsState={settings.state}
        />
      ) : null}
      {settings.isOpen ? (
        <CookieSettingsDialog
          cookieTypes={cookieTypes}
          acceptedIds={state.acceptedIds}
          onClose={settings.close}
          onSave={(ids) => {
            choose(ids, 'Advanced');
            settings.close();
          }}
        />
      ) : null}
    </>
  );
}

/** The plain-path version of the settings (mobile, spec 1 §2): the same content as a page. */
export function CookieSettingsPage({ cookieTypes, customer }: ConsentManagerProps) {
  const { state, choose } = useAccountConsent(cookieTypes, customer, { sync: false });
  const settings = useDialogRoute('/service/cookies/settings');
  return (
    <CookieSettingsDialog
      presentation="page"
      cookieTypes={cookieTypes}
      acceptedIds={state.acceptedIds}
      onClose={settings.close}
      onSave={(ids) => {
        choose(ids, 'Advanced');
        settings.close();
      }}
    />
  );
}
