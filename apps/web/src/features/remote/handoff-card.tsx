import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';

/** The TV waits for this phone (a subscription to pay): one tap continues here, no QR to scan. */
export function HandoffCard({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <section className="remote-card remote-handoff" aria-labelledby="remote-handoff" role="status">
      <h2 id="remote-handoff" className="remote-card__title">
        {t('remote.phone.handoffTitle')}
      </h2>
      <p className="remote-handoff__text">{t('remote.phone.handoffText')}</p>
      <Link to={to} className="button button--primary">
        {t('remote.phone.handoffOpen')}
      </Link>
    </section>
  );
}
