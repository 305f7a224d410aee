import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DIALOG_OPENED_STATE, dialogTo, useIsMobileLayout } from './dialog-route';
import { clearMigrationNotice, isMigrationNoticePending } from './legacy-cookies';

const MIGRATION_NOTICE = '/service/migration/replay-tv-france';

/**
 * Once the application data is loaded (spec 1 §4 application start), a former customer of the
 * replay site whose cookies were migrated sees the migration notice (spec 1 §1, spec 2 §1:
 * #/service/migration/replay-tv-france, its plain path on phones) and signs in again, unless
 * already signed in to Playz (decision 019). Shown once.
 */
export function useLegacyMigrationNotice(isLoaded: boolean, isLogged: boolean): void {
  const navigate = useNavigate();
  const location = useLocation();
  const isMobile = useIsMobileLayout();
  useEffect(() => {
    if (!isLoaded || !isMigrationNoticePending()) return;
    clearMigrationNotice();
    if (!isLogged) void navigate(dialogTo(MIGRATION_NOTICE, location, isMobile), { state: DIALOG_OPENED_STATE });
  }, [isLoaded, isLogged, navigate, location, isMobile]);
}
