import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoteStatus } from './remote-status';
import './remote.css';

/** How long the notice stays: read from the sofa, gone before it hides the film. */
export const PHONE_NOTICE_MS = 4000;

/**
 * A phone started driving this TV (onClientsUpdated went up): said for a few seconds in a
 * corner, so the viewer knows why the TV obeys someone else (a friend's phone by guest code).
 */
export function PhoneJoinedNotice() {
  const { t } = useTranslation();
  const { clients } = useRemoteStatus();
  const previous = useRef(clients);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const joined = clients > previous.current;
    previous.current = clients;
    if (!joined) return;
    setShown(true);
    const timer = setTimeout(() => setShown(false), PHONE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [clients]);
  return (
    <div className="remote-notice" role="status" aria-live="polite">
      {shown ? t('remote.tv.phoneJoined', { count: clients }) : null}
    </div>
  );
}
