import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';

export type ErrorKind = 'not-found' | 'forbidden' | 'server-error';

const MESSAGE_KEYS = {
  'not-found': 'errors.notFound',
  forbidden: 'errors.forbidden',
  'server-error': 'errors.serverError',
} as const;

const CODES = { 'not-found': '404', forbidden: '403', 'server-error': '500' } as const;

/**
 * The error pages of spec 1 §2: one message and a back button. `onBack` replaces the default
 * (history back, or home when there is no history), e.g. a retry at application start.
 */
export function ErrorPage({ kind, onBack, backLabel }: { kind: ErrorKind; onBack?: () => void; backLabel?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => {
    if (onBack) return onBack();
    // A page opened directly has nothing to go back to: home is the useful way out.
    if (window.history.state && typeof window.history.state.idx === 'number' && window.history.state.idx > 0) {
      void navigate(-1);
    } else {
      void navigate('/', { replace: true });
    }
  };
  return (
    <section className={`error-page error-page--${kind}`} aria-labelledby="error-page-title">
      <span className="error-page__code" aria-hidden="true">
        {CODES[kind]}
      </span>
      <h1 className="error-page__title" id="error-page-title">
        {t(MESSAGE_KEYS[kind])}
      </h1>
      <button type="button" className="button button--primary" onClick={goBack}>
        {backLabel ?? t('errors.back')}
      </button>
    </section>
  );
}
