import { useTranslation } from '@/lib/use-translation';
import { AlertDialog } from '@/components/alert-dialog';

/**
 * #/service/migration/replay-tv-france (spec 1 §1, spec 2 §1): customers of the former replay
 * site learn that their credentials and subscriptions were restored.
 */
export function MigrationNoticeDialog({
  onClose,
  presentation,
}: {
  onClose: () => void;
  presentation?: 'overlay' | 'page';
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog
      title={t('dialogs.migration.title')}
      message={<p>{t('dialogs.migration.message')}</p>}
      onClose={onClose}
      presentation={presentation}
    />
  );
}
