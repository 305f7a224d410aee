import { Link, useInRouterContext } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { toPlayerRoute } from '@playz/remote';
import { Svg, type IconProps } from './icons';

/** A phone remote. */
const RemoteIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="7" y="2.5" width="10" height="19" rx="2.5" />
    <circle cx="12" cy="8" r="2" />
    <path d="M10 13h.01M14 13h.01M10 16.5h.01M14 16.5h.01" />
  </Svg>
);

/**
 * /remote with the page's content to send (`?play=`): a page the route rule accepts as it is
 * (`/content/12/slug`, `/channel/3/slug`…), an episode page by its episode's content id, else
 * the plain remote. `time` (seconds into a film) lets the TV go on from there (`&at=`).
 */
export function remotePageFor(pathname: string, time?: number): string {
  const episode = /\/episode\/(\d+)(?:\/[^/]*)?$/.exec(pathname)?.[1];
  const route = toPlayerRoute(pathname) ? pathname : episode ? `content_${episode}` : null;
  if (!route) return '/remote';
  const at = time !== undefined && Number.isFinite(time) && time >= 1 ? `&at=${Math.floor(time)}` : '';
  return `/remote?play=${encodeURIComponent(route)}${at}`;
}

/**
 * The player's "remote control" button (spec 2 §2 cast buttons): opens the phone remote with
 * this content ready to watch on a TV of the account, from where the viewer is. A player drawn outside a router (its unit
 * tests) has no page to go to, so no button.
 */
export function RemoteControlButton({ time }: { time?: number | undefined }) {
  const { t } = useTranslation();
  const inRouter = useInRouterContext();
  if (!inRouter) return null;
  return (
    <Link
      to={remotePageFor(window.location.pathname, time)}
      className="player-button"
      aria-label={t('remote.phone.watchOnTv')}
      title={t('remote.phone.watchOnTv')}
    >
      <RemoteIcon />
    </Link>
  );
}
