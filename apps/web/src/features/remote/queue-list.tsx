import { useTranslation } from '@/lib/use-translation';
import type { RemotePhone } from './use-remote-phone';
import { useRouteTitle } from './use-route-title';

function QueueItem({
  route,
  index,
  count,
  current,
  send,
}: {
  route: string;
  index: number;
  count: number;
  current: boolean;
  send: RemotePhone['send'];
}) {
  const { t } = useTranslation();
  const { title } = useRouteTitle(route);
  return (
    <li className={`remote-queue__item${current ? ' remote-queue__item--current' : ''}`}>
      <span className="remote-queue__name">
        {title}
        {current ? <span className="remote-queue__badge">{t('remote.phone.current')}</span> : null}
      </span>
      <span className="remote-queue__actions">
        <button
          type="button"
          className="button button--glass button--small"
          onClick={() => send('requestPositionChange', { position: index })}
          aria-label={`${t('remote.phone.playItem')} — ${title}`}
        >
          {t('remote.phone.playItem')}
        </button>
        <button
          type="button"
          className="icon-button"
          disabled={index === 0}
          onClick={() => send('requestItemMove', { from: index, to: index - 1 })}
          aria-label={`${t('remote.phone.moveUp')} — ${title}`}
        >
          ↑
        </button>
        <button
          type="button"
          className="icon-button"
          disabled={index === count - 1}
          onClick={() => send('requestItemMove', { from: index, to: index + 1 })}
          aria-label={`${t('remote.phone.moveDown')} — ${title}`}
        >
          ↓
        </button>
        <button
          type="button"
          className="icon-button"
          onClick={() => send('requestItemDelete', { position: index })}
          aria-label={`${t('remote.phone.remove')} — ${title}`}
        >
          ✕
        </button>
      </span>
    </li>
  );
}

/** The TV's queue (spec 2 §7 requestItemPush / Move / Delete / PositionChange), as the TV last told it. */
export function QueueList({ phone }: { phone: RemotePhone }) {
  const { t } = useTranslation();
  const { queue, position } = phone.playback;
  return (
    <section className="remote-card" aria-labelledby="remote-queue">
      <h2 id="remote-queue" className="remote-card__title">
        {t('remote.phone.queue')}
      </h2>
      {queue.length === 0 ? (
        <p className="remote-card__empty">{t('remote.phone.emptyQueue')}</p>
      ) : (
        <ol className="remote-queue">
          {queue.map((route, index) => (
            <QueueItem
              // The same film may be queued twice: the index tells them apart.
              key={`${index}-${route}`}
              route={route}
              index={index}
              count={queue.length}
              current={index === position}
              send={phone.send}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
