import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber } from '@playz/domain';
import { useApi } from '@playz/queries';
import { askOf, toPlayerRoute } from '@playz/remote';
import { GuestCodeForm } from './guest-code-form';
import { HandoffCard } from './handoff-card';
import { ParentalCodeCard } from './parental-code-card';
import { handoffOf } from './handoff';
import { NowPlaying } from './now-playing';
import { QueueList } from './queue-list';
import { ScreensList } from './screens-list';
import { SendCard } from './send-card';
import { spendLinkCode, type CodeKind } from './spend-link-code';
import { useRemotePhone } from './use-remote-phone';
import './remote.css';

/**
 * /remote, the phone remote control (spec 2 §4 Remote control; decision 034 "Apps"):
 * the account's screens, link / unlink, what the linked TV plays with play / pause / seek, the
 * content to send (`?play=` from the player's button), the TV's queue, and a friend's TV by code
 * (`?guest=` / `?code=` from a TV's QR, or typed). Logged viewers only (the route sees to it).
 */
export function RemotePage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const phone = useRemotePhone(true, i18n.language);
  const [params, setParams] = useSearchParams();
  const [codeError, setCodeError] = useState<string | null>(null);
  const [spending, setSpending] = useState(false);
  const play = toPlayerRoute(params.get('play') ?? '')?.route ?? null;
  // Where the viewer was in the film (the player's button): the TV goes on from there.
  const at = /^\d{1,6}$/.test(params.get('at') ?? '') ? Number(params.get('at')) : undefined;
  const { link } = phone;
  const handoff = phone.linked ? handoffOf(phone.playback.page, window.location.origin) : null;
  // A parental code is typed for the account's own TV only (a guest screen has no cuid).
  const asks = phone.linked?.cuid ? askOf(phone.playback.page) : null;

  const spend = useCallback(
    (code: string, kind: CodeKind) => {
      setSpending(true);
      setCodeError(null);
      spendLinkCode(api, code, kind)
        .then((target) => link(target.udid, target.grant))
        .catch((error: unknown) =>
          setCodeError(isApiError(error, ApiErrorNumber.NotFound) ? t('remote.phone.badCode') : t('errors.generic')),
        )
        .finally(() => setSpending(false));
    },
    [api, link, t],
  );

  // A TV's QR opened this page: its code is spent once, then dropped from the address (a reload
  // must not spend it again).
  const fromQr = useRef(false);
  useEffect(() => {
    if (fromQr.current) return;
    const guest = params.get('guest');
    const own = params.get('code');
    if (!guest && !own) return;
    fromQr.current = true;
    spend((guest ?? own)!, guest ? 'guest' : 'own');
    const next = new URLSearchParams(params);
    next.delete('guest');
    next.delete('code');
    setParams(next, { replace: true });
  }, [params, setParams, spend]);

  // Once connected, "connecting" again means the connection dropped and the client is retrying.
  const opened = useRef(false);
  if (phone.state === 'open') opened.current = true;
  const status =
    phone.state === 'connecting'
      ? t(opened.current ? 'remote.phone.reconnecting' : 'remote.phone.connecting')
      : phone.state === 'closed'
        ? t('remote.phone.closed')
        : null;
  return (
    <div className="remote-page">
      <header className="remote-page__header">
        <h1 className="remote-page__title">{t('remote.phone.title')}</h1>
        <p className="remote-page__lead">{t('remote.phone.lead')}</p>
        {status ? (
          <p className="remote-page__status" role="status">
            {status}
          </p>
        ) : null}
        {phone.error ? (
          <p className="remote-page__error" role="alert">
            {phone.error.message}
          </p>
        ) : null}
      </header>
      <div className="remote-page__grid">
        <div className="remote-page__column">
          {handoff ? <HandoffCard to={handoff} /> : null}
          {asks ? <ParentalCodeCard ask={asks} onSend={(code) => phone.send('requestParentalCode', { code })} /> : null}
          <ScreensList
            devices={phone.devices}
            linked={phone.linked}
            onLink={(udid) => phone.link(udid)}
            onUnlink={phone.unlink}
          />
          {phone.linked ? <NowPlaying phone={phone} /> : null}
          {play ? <SendCard route={play} initialTime={at} phone={phone} /> : null}
        </div>
        <div className="remote-page__column">
          {phone.linked ? <QueueList phone={phone} /> : null}
          <GuestCodeForm onSubmit={(code) => spend(code, 'typed')} error={codeError} busy={spending} />
        </div>
      </div>
    </div>
  );
}
