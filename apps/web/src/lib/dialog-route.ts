import { useCallback, useSyncExternalStore } from 'react';
import { useLocation, useNavigate, type Location, type To } from 'react-router';
import { detectDeviceType } from './device';

/**
 * Dialog routes of spec 1 §2: hash paths on desktop (#/customer/login), the plain path on mobile
 * (/customer/login), where the route shows the same content as a page.
 */
export const DIALOG_ROUTES = [
  '/customer/authentication',
  '/customer/login',
  '/customer/register',
  '/customer/forgot-password',
  '/customer/forgot-login',
  '/customer/edit-name',
  '/customer/edit-login',
  '/customer/edit-password',
  '/service/cookies/settings',
  '/devices-limit-reached',
  '/service/migration/replay-tv-france',
] as const;

/** The other dialog markers (spec 1 §2): always a hash, on every screen size. */
export const DIALOG_MARKERS = [
  'logout-confirm',
  'unsubscribe-confirm',
  'delete-confirm',
  // The withdrawal and the saved card's removal (decision 083).
  'withdraw-confirm',
  'remove-card-confirm',
] as const;

export type DialogRoute = (typeof DIALOG_ROUTES)[number];
export type DialogMarker = (typeof DIALOG_MARKERS)[number];
export type DialogName = DialogRoute | DialogMarker;

/** Set on the history entry a dialog pushed: closing it is then a step back (spec 1 §2). */
const OPENED_HERE = 'playzDialogOpened';
export const DIALOG_OPENED_STATE = { [OPENED_HERE]: true } as const;

export const MOBILE_LAYOUT_QUERY = '(max-width: 640px)';

export function isDialogRoute(name: string): name is DialogRoute {
  return (DIALOG_ROUTES as readonly string[]).includes(name);
}

export function dialogHash(name: DialogName): string {
  return `#${name}`;
}

/** Where a link or a navigation opens the dialog from the current location. */
export function dialogTo(name: DialogName, from: Pick<Location, 'pathname' | 'search'>, isMobile: boolean): To {
  if (isMobile && isDialogRoute(name)) return { pathname: name };
  return { pathname: from.pathname, search: from.search, hash: dialogHash(name) };
}

function subscribeToLayout(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(MOBILE_LAYOUT_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function readMobileLayout(): boolean {
  if (detectDeviceType() === 'Mobile') return true;
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return window.matchMedia(MOBILE_LAYOUT_QUERY).matches;
}

/** A phone, or a window as narrow as one: dialog routes then use their plain paths. */
export function useIsMobileLayout(): boolean {
  return useSyncExternalStore(subscribeToLayout, readMobileLayout, () => false);
}

export interface DialogRouteState {
  /** The dialog shows over the page (its hash is in the URL). */
  isOpen: boolean;
  /** The current path is the dialog's plain path: show it as a page (mobile). */
  isPage: boolean;
  presentation: 'overlay' | 'page';
  /** For <Link to={to} state={state}>, so the browser's back closes it again. */
  to: To;
  state: typeof DIALOG_OPENED_STATE;
  open: () => void;
  /** Goes back when this dialog pushed its entry, so back and close do the same; else drops the hash. */
  close: () => void;
}

export function useDialogRoute(name: DialogName): DialogRouteState {
  const location = useLocation();
  const navigate = useNavigate();
  const isMobile = useIsMobileLayout();
  const isOpen = location.hash === dialogHash(name);
  const isPage = isDialogRoute(name) && location.pathname === name;
  const to = dialogTo(name, location, isMobile);
  const wasOpenedHere = Boolean((location.state as Record<string, unknown> | null)?.[OPENED_HERE]);
  const { pathname, search } = location;

  const open = useCallback(() => void navigate(to, { state: DIALOG_OPENED_STATE }), [navigate, to]);
  const close = useCallback(() => {
    if (!isOpen && !isPage) return;
    if (wasOpenedHere) void navigate(-1);
    else if (isOpen) void navigate({ pathname, search, hash: '' }, { replace: true });
    else void navigate('/', { replace: true });
  }, [isOpen, isPage, wasOpenedHere, navigate, pathname, search]);

  return {
    isOpen,
    isPage,
    presentation: isPage && !isOpen ? 'page' : 'overlay',
    to,
    state: DIALOG_OPENED_STATE,
    open,
    close,
  };
}
