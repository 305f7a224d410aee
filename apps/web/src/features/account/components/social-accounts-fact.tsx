import { useTranslation } from '@/lib/use-translation';
import { useSocialAccounts } from '../api/social-accounts';

/** Apple's "Hide My Email" addresses: mail reaches the person only while Apple forwards it. */
const isAppleRelay = (email: string) => email.toLowerCase().endsWith('@privaterelay.appleid.com');

/**
 * The social accounts the account signs in with (decision 086): the provider and the address it
 * gave us, so a relay address the person never typed is recognised, and a word when Apple has
 * stopped forwarding our mail to it. Nothing shows while loading or when the call fails: the
 * notice above already names the provider.
 */
export function SocialAccountsFact() {
  const { t } = useTranslation();
  const accounts = useSocialAccounts();
  if (!accounts.data || accounts.data.length === 0) return null;
  return (
    <>
      {accounts.data.map((account) => (
        <div key={account.provider}>
          <dt>{t('account.socialAccount', { provider: account.provider })}</dt>
          <dd>
            <span>{account.email ?? t('account.socialNoEmail')}</span>
            {account.email && isAppleRelay(account.email) ? (
              <span className="account-facts__note">{t('account.socialRelay')}</span>
            ) : null}
            {account.emailForwarding ? null : (
              <span className="account-facts__note account-facts__note--warning" role="status">
                {t('account.socialForwardingOff', { provider: account.provider })}
              </span>
            )}
          </dd>
        </div>
      ))}
    </>
  );
}
