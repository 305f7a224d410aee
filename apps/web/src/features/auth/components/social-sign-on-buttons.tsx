import { useTranslation } from '@/lib/use-translation';
import { ssoAuthorizePath, ssoProviderId, type App } from '@playz/api-contract';

/**
 * One button per social sign-on provider the application enables (App.singleSignOns, spec 1 §1,
 * §6). Each is a full navigation to the server's authorize URL: the provider's page must load in
 * the top window, and the server comes back to `requestedUrl` logged in.
 */
export function SocialSignOnButtons({
  providers,
  requestedUrl,
}: {
  providers: App['singleSignOns'];
  requestedUrl: string;
}) {
  const { t } = useTranslation();
  const known = providers.flatMap((provider) => {
    const id = ssoProviderId(provider.name);
    return id ? [{ id, name: provider.name }] : [];
  });
  if (known.length === 0) return null;
  return (
    <ul className="sso-buttons" aria-label={t('register.socialTitle')}>
      {known.map((provider) => (
        <li key={provider.id}>
          <a className={`sso-button sso-button--${provider.id}`} href={ssoAuthorizePath(provider.id, requestedUrl)}>
            <span className="sso-button__mark" aria-hidden="true">
              {provider.name.slice(0, 1)}
            </span>
            <span>{t('register.continueWith', { provider: provider.name })}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
