import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cycleDialogFocus } from './dialog-focus';

export interface DialogProps {
  title: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
  onClose: () => void;
  className?: string;
  /** 'alertdialog' for messages that need an answer (alert, confirm). */
  role?: 'dialog' | 'alertdialog';
  /**
   * 'page' shows the same content as a page of its own: dialog routes use plain paths on mobile
   * (spec 1 §2), where there is no page underneath to overlay.
   */
  presentation?: 'overlay' | 'page';
}

/**
 * A modal dialog: focus moves in and comes back, Escape and a click on the backdrop close it,
 * Tab stays inside (and in the regions drawn over dialogs, see dialog-focus.ts).
 */
export function Dialog(props: DialogProps) {
  if (props.presentation === 'page') return <DialogPage {...props} />;
  return <DialogOverlay {...props} />;
}

function DialogPage({ title, children, actions, className = '' }: DialogProps) {
  const titleId = useId();
  return (
    <section className={`dialog-page ${className}`.trim()} aria-labelledby={titleId}>
      <h1 className="dialog__title" id={titleId}>
        {title}
      </h1>
      {children ? <div className="dialog__body">{children}</div> : null}
      <div className="dialog__actions">{actions}</div>
    </section>
  );
}

function DialogOverlay({ title, children, actions, onClose, className = '', role = 'dialog' }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first =
      panel?.querySelector<HTMLElement>('[data-autofocus]') ??
      panel?.querySelector<HTMLElement>('button, [href], input');
    (first ?? panel)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
      }
      if (event.key === 'Tab' && panel) cycleDialogFocus(event, panel);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, []);

  return (
    <div className="dialog" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        className={`dialog__panel ${className}`.trim()}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        ref={panelRef}
        tabIndex={-1}
      >
        <h2 className="dialog__title" id={titleId}>
          {title}
        </h2>
        {children ? <div className="dialog__body">{children}</div> : null}
        <div className="dialog__actions">{actions}</div>
      </div>
    </div>
  );
}
