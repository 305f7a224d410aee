import { useTranslation } from '@/lib/use-translation';
import type { App, Customer } from '@playz/api-contract';
import { Dialog } from '@/components/dialog';
import { useToast } from '@/components/toast';
import { EditLoginForm } from './edit-login-form';
import { EditNameForm } from './edit-name-form';
import { EditPasswordForm } from './edit-password-form';

export type EditKind = 'name' | 'login' | 'password';

const TITLES = { name: 'account.editName', login: 'account.editLogin', password: 'account.editPassword' } as const;
const DONE = { name: 'account.nameSaved', login: 'account.loginSaved', password: 'account.passwordSaved' } as const;

/**
 * Edit name, login or password (spec 1 §2) as a dialog over the page (#/customer/edit-...) or as
 * a page of its own on mobile. Success confirms with a toast and goes back (spec 1 §2).
 */
export function EditDialog({
  kind,
  app,
  customer,
  presentation,
  onClose,
}: {
  kind: EditKind;
  app: App;
  customer: Customer;
  presentation: 'overlay' | 'page';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const onSuccess = () => {
    toast.show(t(DONE[kind]), 'success');
    onClose();
  };
  return (
    <Dialog
      title={t(TITLES[kind])}
      onClose={onClose}
      presentation={presentation}
      className="dialog__panel--form"
      actions={
        <button type="button" className="button button--ghost button--block" onClick={onClose}>
          {t('common.cancel')}
        </button>
      }
    >
      {kind === 'name' ? (
        <EditNameForm firstName={customer.firstName} lastName={customer.lastName} onSuccess={onSuccess} />
      ) : kind === 'login' ? (
        <EditLoginForm currentLogin={customer.login} siteDomain={app.siteDomain} onSuccess={onSuccess} />
      ) : (
        <EditPasswordForm onSuccess={onSuccess} />
      )}
    </Dialog>
  );
}
