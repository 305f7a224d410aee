import { useTranslation } from 'react-i18next';
import { AlertDialog } from '@/components/alert-dialog';

/**
 * #/devices-limit-reached (spec 1 §2, §6): too many devices at once. It says the customer seems
 * logged in on several devices and asks to log out elsewhere or wait a few minutes; OK goes back.
 */
export function DevicesLimitDialog({
  onClose,
  presentation,
}: {
  onClose: () => void;
  presentation?: 'overlay' | 'page';
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog
      title={t('errors.devicesLimitTitle')}
      message={<p>{t('errors.devicesLimitMessage')}</p>}
      onClose={onClose}
      presentation={presentation}
    />
  );
}
