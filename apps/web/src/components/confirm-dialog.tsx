import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Dialog } from './dialog';
import { Spinner } from './spinner';

export interface ConfirmDialogProps {
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /**
   * May return a promise: the dialog then shows a spinner until it settles, and the generic
   * error message inside the dialog if it fails (spec 1 §2, §4 account deletion).
   */
  onConfirm: () => unknown;
  onCancel: () => void;
  /** Red confirm button for what cannot be undone (delete account). */
  isDestructive?: boolean;
  presentation?: 'overlay' | 'page';
}

/** The shared confirm widget (spec 1 §2): cancel / confirm, spinner while working, error on failure. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  isDestructive = false,
  presentation,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [isPending, setPending] = useState(false);
  const [hasFailed, setFailed] = useState(false);

  const confirm = async () => {
    setFailed(false);
    const result = onConfirm();
    if (!(result instanceof Promise)) return;
    setPending(true);
    try {
      await result;
    } catch (error) {
      console.error('[confirm] action failed', error);
      setFailed(true);
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      title={title}
      role="alertdialog"
      presentation={presentation}
      onClose={() => !isPending && onCancel()}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onCancel} disabled={isPending}>
            {cancelLabel ?? t('common.cancel')}
          </button>
          <button
            type="button"
            className={`button ${isDestructive ? 'button--danger' : 'button--primary'}`}
            data-autofocus
            disabled={isPending}
            aria-busy={isPending}
            onClick={() => void confirm()}
          >
            {isPending ? <Spinner size={16} /> : null}
            {confirmLabel ?? t('common.confirm')}
          </button>
        </>
      }
    >
      {message ? <div>{message}</div> : null}
      {hasFailed ? (
        <p className="form__error" role="alert">
          {t('errors.generic')}
        </p>
      ) : null}
    </Dialog>
  );
}
