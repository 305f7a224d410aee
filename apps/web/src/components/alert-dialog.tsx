import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Dialog } from './dialog';

export interface AlertDialogProps {
  title: ReactNode;
  message?: ReactNode;
  okLabel?: string;
  onClose: () => void;
  presentation?: 'overlay' | 'page';
}

/** The shared alert widget (spec 1 §2): a message and one OK button. */
export function AlertDialog({ title, message, okLabel, onClose, presentation }: AlertDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={title}
      role="alertdialog"
      presentation={presentation}
      onClose={onClose}
      actions={
        <button type="button" className="button button--primary" data-autofocus onClick={onClose}>
          {okLabel ?? t('common.ok')}
        </button>
      }
    >
      {message ? <div>{message}</div> : null}
    </Dialog>
  );
}
