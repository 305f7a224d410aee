import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useApi, useAppData } from '@playz/queries';
import { tvPaths } from '@/app/paths';
import { usePageFocus } from '@/navigation/use-page-focus';
import { TvButton } from '@/components/tv-button';
import { LinkCode } from '@/features/account/link-code';
import { useRemoteStatus } from './remote-status';

/** A guest code lives 10 minutes (decision 011): a fresh one is asked for before it dies. */
const GUEST_CODE_REFRESH_MS = 9 * 60 * 1000;

/**
 * /remote on the TV: the guest link code and its QR (spec 2 §7 /customer/remote/guest/link,
 * decision 034) for a friend's phone, logged on another account, to drive this TV — no typing
 * on the remote. The account's own phones need no code: they see the TV in their list.
 */
export function GuestLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const api = useApi();
  const logged = useAppData().data?.Customer.logged ?? false;
  const { state, udid, clients } = useRemoteStatus();
  const registered = state === 'open' && udid !== null;
  const link = useQuery({
    queryKey: ['tv', 'remote-guest-link', udid] as const,
    queryFn: async ({ signal }) =>
      (await api.createRemoteGuestLink({ query: { host_device: udid ?? '' }, signal })).Link,
    enabled: registered,
    refetchInterval: GUEST_CODE_REFRESH_MS,
    gcTime: 0,
  });
  // A code is single use: once a phone joined (perhaps with it), the next guest gets a fresh one.
  const seenClients = useRef(clients);
  const refetch = link.refetch;
  useEffect(() => {
    if (clients > seenClients.current) void refetch();
    seenClients.current = clients;
  }, [clients, refetch]);
  const logIn = useCallback(() => void navigate(tvPaths.login), [navigate]);
  const retry = useCallback(() => void link.refetch(), [link]);
  usePageFocus(logged ? 'remote-new-code' : 'remote-login', true);
  return (
    <div className="link-page">
      <h1 className="page-title">{t('remote.tv.title')}</h1>
      {!logged ? (
        <>
          <p className="link-page__lead">{t('remote.tv.logInFirst')}</p>
          <TvButton focusKey="remote-login" primary label={t('tv.menu.login')} onSelect={logIn} />
        </>
      ) : (
        <>
          <p className="link-page__lead">{t('remote.tv.lead')}</p>
          {link.data ? (
            <LinkCode
              code={link.data.code}
              url={link.data.url}
              // Typed rather than scanned, the code goes into the phone page's form.
              typeAt={`${new URL(link.data.url).origin}/remote`}
              qrImage={link.data.qrImage}
            />
          ) : (
            <p className="link-page__waiting" role="status">
              {link.isError ? t('errors.generic') : t('remote.tv.connecting')}
            </p>
          )}
          <p className="link-page__waiting" role="status" data-testid="remote-clients">
            {t('remote.tv.clients', { count: clients })}
          </p>
          <TvButton focusKey="remote-new-code" label={t('tv.link.newCode')} onSelect={retry} />
        </>
      )}
    </div>
  );
}
