import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { isApiError } from '@playz/api-client';
import type { Customer, Profile } from '@playz/api-contract';
import { ApiErrorNumber } from '@playz/domain';
import { useToast } from '@/components/toast';
import { useSwitchProfile } from '@playz/queries';
// The profile styles (account page and account menu) load with the switcher, which the root mounts.
import '../profiles.css';

/**
 * The parental code dialog's code is not the landing's (decision 132): only a kids profile of an
 * account with a parental code asks it, and that session fetches it ahead (below).
 */
const loadParentalCodeDialog = () => import('@/components/parental-code-dialog');
const ParentalCodeDialog = lazy(async () => ({ default: (await loadParentalCodeDialog()).ParentalCodeDialog }));

/** The profile this session uses (Customer.currentProfileIndex), if the account has profiles. */
export function currentProfileOf(customer: Customer): Profile | undefined {
  return customer.profiles[customer.currentProfileIndex];
}

/**
 * Switching profile (decision 009): leaving a kids profile for a non-kids one asks the
 * parental code when the account has one. The server checks the code with its lockout: a wrong
 * code is 4, a locked check is 4 with HTTP 429, which the dialog shows as "too many attempts".
 */
export function useProfileSwitch(customer: Customer | undefined): {
  switchTo: (profile: Profile) => void;
  /** The same, by UUID (the top menu knows profiles by their UUID only). */
  switchToUuid: (uuid: string) => void;
  pendingUuid: string | null;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const toast = useToast();
  const switching = useSwitchProfile();
  const [asking, setAsking] = useState<Profile | null>(null);
  const current = customer ? currentProfileOf(customer) : undefined;
  const mayAskCode = current?.isKids === true && customer?.hasParentalCode === true;
  useEffect(() => {
    if (mayAskCode) void loadParentalCodeDialog();
  }, [mayAskCode]);

  const done = (profile: Profile) => toast.show(t('profiles.switched', { name: profile.userName }), 'success');

  const switchTo = (profile: Profile) => {
    if (profile.UUID === current?.UUID) return;
    if (mayAskCode && !profile.isKids) {
      setAsking(profile);
      return;
    }
    switching.mutate({ uuid: profile.UUID }, { onSuccess: () => done(profile), onError: () => toast.showError() });
  };

  const verify = async (code: string) => {
    if (!asking) return false;
    try {
      await switching.mutateAsync({ uuid: asking.UUID, code });
      return true;
    } catch (error) {
      // A plain 4 is a wrong code; with HTTP 429 the lockout holds and the dialog says so.
      if (isApiError(error, ApiErrorNumber.Forbidden) && error.status !== 429) return false;
      throw error;
    }
  };

  const dialog = asking ? (
    <Suspense fallback={null}>
      <ParentalCodeDialog
        title={t('profiles.leaveKidsTitle')}
        message={t('profiles.leaveKidsMessage', { name: asking.userName })}
        verify={verify}
        customer={customer}
        onCancel={() => setAsking(null)}
        onSuccess={() => {
          done(asking);
          setAsking(null);
        }}
      />
    </Suspense>
  ) : null;

  const switchToUuid = (uuid: string) => {
    const profile = customer?.profiles.find((candidate) => candidate.UUID === uuid);
    if (profile) switchTo(profile);
  };

  return {
    switchTo,
    switchToUuid,
    pendingUuid: switching.isPending ? (switching.variables?.uuid ?? null) : null,
    dialog,
  };
}
