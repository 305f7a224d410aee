import { useTranslation } from '@/lib/use-translation';
import { formatClock } from '@playz/domain';
import type { RemotePhone } from './use-remote-phone';
import { useRouteTitle } from './use-route-title';

/**
 * The content the viewer came from ("remote control" button of the player, spec 2 §2): watch it
 * on the linked TV now (requestHistoryPush) or add it to the TV's queue (requestItemPush).
 */
export function SendCard({
  route,
  initialTime,
  phone,
}: {
  route: string;
  /** Seconds into the film where the TV starts (requestHistoryPush initialTime). */
  initialTime?: number | undefined;
  phone: RemotePhone;
}) {
  const { t } = useTranslation();
  const { title, image } = useRouteTitle(route);
  const linked = phone.linked !== null;
  return (
    <section className="remote-card remote-send" aria-labelledby="remote-send">
      <div className="remote-now__head">
        {image ? <img className="remote-now__art" src={image} alt="" /> : null}
        <div className="remote-now__heading">
          <h2 id="remote-send" className="remote-card__title">
            {t('remote.phone.toSend')}
          </h2>
          <p className="remote-now__name">{title}</p>
          {initialTime ? (
            <p className="remote-card__empty">{t('remote.phone.fromTime', { time: formatClock(initialTime) })}</p>
          ) : null}
        </div>
      </div>
      <div className="remote-now__body">
        {linked ? null : <p className="remote-card__empty">{t('remote.phone.pickScreen')}</p>}
        <div className="remote-send__buttons">
          <button
            type="button"
            className="button button--primary"
            disabled={!linked}
            onClick={() => phone.send('requestHistoryPush', initialTime ? { route, initialTime } : { route })}
          >
            {t('remote.phone.watchOnTv')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={!linked}
            onClick={() => phone.send('requestItemPush', { route })}
          >
            {t('remote.phone.addToQueue')}
          </button>
        </div>
      </div>
    </section>
  );
}
