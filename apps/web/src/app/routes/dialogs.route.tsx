import { useLoadedAppData } from '@playz/queries';
import { useDialogRoute } from '@/lib/dialog-route';
import { CookieSettingsPage } from '@/features/consent/components/consent-manager';
import { DevicesLimitDialog } from '@/features/dialogs/components/devices-limit-dialog';
import { MigrationNoticeDialog } from '@/features/dialogs/components/migration-notice-dialog';

/** The service dialogs over any page, opened by their hash (spec 1 §2). */
export function ServiceHashDialogs() {
  const devicesLimit = useDialogRoute('/devices-limit-reached');
  const migration = useDialogRoute('/service/migration/replay-tv-france');
  return (
    <>
      {devicesLimit.isOpen ? <DevicesLimitDialog onClose={devicesLimit.close} /> : null}
      {migration.isOpen ? <MigrationNoticeDialog onClose={migration.close} /> : null}
    </>
  );
}

/** The same dialogs on their plain paths, as pages (mobile, spec 1 §2). */
export function DevicesLimitRoute() {
  const dialog = useDialogRoute('/devices-limit-reached');
  return <DevicesLimitDialog presentation="page" onClose={dialog.close} />;
}

export function MigrationNoticeRoute() {
  const dialog = useDialogRoute('/service/migration/replay-tv-france');
  return <MigrationNoticeDialog presentation="page" onClose={dialog.close} />;
}

export function CookieSettingsRoute() {
  const { App, Customer } = useLoadedAppData();
  return <CookieSettingsPage cookieTypes={App.cookieTypes} customer={Customer} />;
}
