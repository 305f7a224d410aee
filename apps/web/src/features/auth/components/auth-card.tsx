import { createContext, useContext, useId, type ReactNode } from 'react';
import { Dialog } from '@/components/dialog';

/**
 * Set by `AuthDialogFrame`: the same screens then open over the page as hash dialogs
 * (#/customer/register, #/customer/forgot-password...: spec 1 §2) instead of as a page.
 */
const DialogFrameContext = createContext<{ onClose: () => void } | null>(null);

export function AuthDialogFrame({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return <DialogFrameContext.Provider value={{ onClose }}>{children}</DialogFrameContext.Provider>;
}

/** Whether the screen shows inside an `AuthDialogFrame` (a hash dialog) rather than as a page. */
export function useIsInDialogFrame(): boolean {
  return useContext(DialogFrameContext) !== null;
}

/** The centred card every account-entry screen sits in (log-in, register, recovery, link). */
export function AuthCard({ title, children, intro }: { title: ReactNode; intro?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  const frame = useContext(DialogFrameContext);
  if (frame) {
    return (
      <Dialog title={title} onClose={frame.onClose} actions={null} className="dialog__panel--form">
        <div className="auth-card auth-card--dialog">
          {intro ? <p className="auth-card__intro">{intro}</p> : null}
          {children}
        </div>
      </Dialog>
    );
  }
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby={titleId}>
        <h1 className="auth-card__title" id={titleId}>
          {title}
        </h1>
        {intro ? <p className="auth-card__intro">{intro}</p> : null}
        {children}
      </section>
    </div>
  );
}

/** A success or information state inside a card: an icon, a message read out when it appears. */
export function AuthNotice({ tone = 'success', children }: { tone?: 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`auth-notice auth-notice--${tone}`} role="status">
      <span className="auth-notice__icon" aria-hidden="true">
        {tone === 'success' ? '✓' : 'i'}
      </span>
      <div className="auth-notice__text">{children}</div>
    </div>
  );
}
