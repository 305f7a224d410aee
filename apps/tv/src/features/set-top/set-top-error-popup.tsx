import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isCancelledError, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber } from '@playz/domain';
import type { SetTopErrors, SetTopPopup } from '@playz/platform';
import { TvButton } from '@/components/tv-button';
import { setModalFocus } from '@/navigation/focus-memory';
import { FocusSection } from '@/navigation/focusable';
import { focusKeysOnly } from '@/navigation/remote-keys';
import { useRemoteKeys } from '@/navigation/use-remote-keys';
import './set-top.css';

/** A request the page gave up (it left the screen): not a failure to tell. */
function wasAbandoned(error: unknown): boolean {
  return isCancelledError(error) || (error instanceof Error && error.name === 'AbortError');
}

/**
 * A refusal the player screen tells in its own words (4: no right, the devices limit, the
 * parental code, a kids profile): reported in its silent form only (decision 087).
 */
function toldByTheScreen(error: unknown): boolean {
  return isApiError(error, ApiErrorNumber.Forbidden);
}

/**
 * The Orange box's error popups (spec 2 §8): every failed request of the app (queries and
 * mutations) goes through the bridge's `errors` — a failing content/{id}/url/tv is I04-PLAYZ, any
 * other failure that is not an ApiError I08-PLAYZ, each sent to tracking — and the popup shows the
 * id with its words. One popup at a time: a failure while one is open is sent in its silent form.
 * OK or back closes it; closing the content error on a player leaves the player, which has
 * nothing to play. Platforms without `errors` show nothing here.
 */
export function SetTopErrorPopup({ errors }: { errors: SetTopErrors | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [popup, setPopup] = useState<SetTopPopup | null>(null);
  const showing = useRef(false);
  showing.current = popup !== null;

  useEffect(() => {
    if (!errors) return;
    const report = (error: unknown) => {
      if (wasAbandoned(error)) return;
      const silent = showing.current || toldByTheScreen(error);
      void errors.report(error, { silent }).then((shown) => {
        if (shown) setPopup((current) => current ?? shown);
      });
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') report(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') report(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [errors, queryClient]);

  const open = popup !== null;
  useEffect(() => {
    if (!open) return;
    setModalFocus('set-top-error-ok', 'set-top-error-');
    return () => setModalFocus(null);
  }, [open]);
  const close = () => {
    const leave = popup?.kind === 'content' && pathname.endsWith('/player');
    setPopup(null);
    if (leave) {
      const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      if (index > 0) void navigate(-1);
      else void navigate('/', { replace: true });
    }
  };
  // Modal: OK and the arrows act inside it, back closes it, nothing reaches the page behind
  // (not even a player screen made again after it opened).
  useRemoteKeys(
    (key) => {
      if (key === 'back') {
        close();
        return true;
      }
      return focusKeysOnly(key) || true;
    },
    open,
    true,
  );
  if (!popup) return null;
  const kind = popup.kind === 'content' ? 'content' : 'backend';
  return (
    <div
      className="set-top-error"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="set-top-error-title"
      aria-describedby="set-top-error-text"
    >
      <div className="set-top-error__panel">
        <h2 className="set-top-error__title" id="set-top-error-title">
          {t(`setTopErrors.${kind}Title`)}
        </h2>
        <p className="set-top-error__text" id="set-top-error-text">
          {t(`setTopErrors.${kind}Text`)}
        </p>
        <p className="set-top-error__code">{t('setTopErrors.code', { id: popup.id })}</p>
        <FocusSection focusKey="set-top-error" className="set-top-error__actions" boundary>
          <TvButton focusKey="set-top-error-ok" primary label={t('common.ok')} onSelect={close} />
        </FocusSection>
      </div>
    </div>
  );
}
