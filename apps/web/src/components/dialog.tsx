import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  title: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
  onClose: () => void;
  className?: string;
}

/**
 * A modal dialog: focus moves in and comes back, Escape and a click on the backdrop close it,
 * Tab stays inside.
 */
export function Dialog({ title, children, actions, onClose, className = '' }: DialogProps) {
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
      if (event.key === 'Tab' && panel) {
        const focusables = [...panel.querySelectorAll<HTMLElement>('button:not([disabled]), [href], input, select')];
        const firstEl = focusables[0];
        const lastEl = focusables.at(-1);
        if (!firstEl || !lastEl) return;
        if (event.shiftKey && document.activeElement === firstEl) {
          event.preventDefault();
          lastEl.focus();
        } else if (!event.shiftKey && document.activeElement === lastEl) {
          event.preventDefault();
          firstEl.focus();
        }
      }
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
        role="dialog"
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
