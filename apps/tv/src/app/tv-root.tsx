import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useAppData } from '@playz/queries';
import { ensureFocus } from '@/navigation/focus-memory';
import { listenToRemote } from '@/navigation/remote-keys';
import { useDevice } from './device-context';

/** history.state of react-router: `idx` counts the entries this app pushed. */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) > 0;
}

/**
 * Every screen's parent: one listener for the remote (navigation/remote-keys.ts) whose back key
 * goes to the previous screen, or home when the app was opened on a deep link. /data is loaded
 * here first: it says whether the customer is logged (spec 1 §4 application start).
 */
export function TvRoot() {
  const navigate = useNavigate();
  const { platform } = useDevice();
  useAppData();
  useEffect(
    () =>
      listenToRemote(window, platform, {
        back: () => void (canGoBack() ? navigate(-1) : navigate('/', { replace: true })),
        ensureFocus,
      }),
    [navigate, platform],
  );
  return <Outlet />;
}
