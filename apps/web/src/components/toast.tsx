import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { TOAST_MS } from '@playz/domain';

export type ToastKind = 'info' | 'success' | 'error';

interface ToastItem {
  id: number;
  message: string;
  kind: ToastKind;
}

export interface ToastApi {
  /** Shows a message that hides by itself after TOAST_MS (spec 1 §9: 3 s). */
  show: (message: string, kind?: ToastKind) => void;
  /** The generic error toast of spec 1 §8: 'Une erreur s'est produite'. */
  showError: (message?: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Holds the toasts of the page and the live region that reads them out. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const hide = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (message: string, kind: ToastKind = 'info') => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, message, kind }]);
      timers.current.set(
        id,
        setTimeout(() => hide(id), TOAST_MS),
      );
    },
    [hide],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({ show, showError: (message) => show(message ?? t('errors.generic'), 'error') }),
    [show, t],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toasts" aria-label={t('dialogs.notifications')}>
        {/* Live regions stay mounted so screen readers hear new toasts; errors interrupt. */}
        <div aria-live="assertive" className="toasts__list">
          {toasts
            .filter((toast) => toast.kind === 'error')
            .map((toast) => (
              <ToastView key={toast.id} toast={toast} onClose={() => hide(toast.id)} closeLabel={t('common.close')} />
            ))}
        </div>
        <div aria-live="polite" className="toasts__list">
          {toasts
            .filter((toast) => toast.kind !== 'error')
            .map((toast) => (
              <ToastView key={toast.id} toast={toast} onClose={() => hide(toast.id)} closeLabel={t('common.close')} />
            ))}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

function ToastView({ toast, onClose, closeLabel }: { toast: ToastItem; onClose: () => void; closeLabel: string }) {
  return (
    <div className={`toast toast--${toast.kind}`}>
      <span className="toast__message">{toast.message}</span>
      <button type="button" className="toast__close" aria-label={closeLabel} onClick={onClose}>
        ×
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a <ToastProvider>');
  return api;
}
