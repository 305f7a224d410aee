import { useTranslation } from '@/lib/use-translation';
import { Dialog } from '@/components/dialog';
import { useLogout } from '@playz/queries';

/** The #logout-confirm dialog (spec 1 §2, §4): cancel closes it; confirm logs out and goes home. */
export function LogoutConfirm({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Dialog
      title={t('logout.title')}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onCancel} disabled={logout.isPending}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            data-autofocus
            disabled={logout.isPending}
            onClick={() => logout.logOut(onDone)}
          >
            {t('menu.logout')}
          </button>
        </>
      }
    >
      <p>{t('logout.message')}</p>
    </Dialog>
  );
}
