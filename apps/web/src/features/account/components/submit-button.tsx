import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/spinner';

/** The confirm button of the edit forms: disabled with a spinner while the call runs. */
export function SubmitButton({ isPending, label }: { isPending: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="button button--primary button--block" disabled={isPending}>
      {isPending ? <Spinner size={18} /> : null}
      <span>{label ?? t('common.confirm')}</span>
    </button>
  );
}
