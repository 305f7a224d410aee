import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useDialogRoute } from '@/lib/dialog-route';

/**
 * The shared log-out button (spec 1 §2, §4): it opens the #logout-confirm dialog, which the root
 * route shows and which does the log-out; back or cancel closes it.
 */
export function LogoutButton({ className = 'button button--ghost' }: { className?: string }) {
  const { t } = useTranslation();
  const dialog = useDialogRoute('logout-confirm');
  return (
    <Link to={dialog.to} state={dialog.state} className={className} role="button">
      {t('menu.logout')}
    </Link>
  );
}
