import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NavLink, Outlet } from 'react-router';
import { adminEndpoints, type StaffMember } from '@playz/api-contract/admin';
import { adminCall } from '@/api/admin-client';
import { useT } from '@/i18n/use-t';
import { mayOpen } from './role-gate';
import { SECTIONS } from './sections';
import { SESSION_KEY } from './use-staff-session';

export function ConsoleLayout({ staff }: { staff: StaffMember }) {
  const t = useT();
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => adminCall(adminEndpoints.staffSignOut),
    onSettled: () => {
      // Back to the sign-in, and nothing of this member's screens kept for the next one.
      queryClient.setQueryData(SESSION_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
    },
  });
  return (
    <div className="console">
      <header className="console-header">
        <NavLink to="/" className="brand">
          Playz <span>console</span>
        </NavLink>
        <nav aria-label={t('shell.nav')} className="console-nav">
          {SECTIONS.filter((section) => mayOpen(staff, section.roles)).map((section) => (
            <NavLink key={section.path} to={section.path}>
              {t(section.label)}
            </NavLink>
          ))}
        </nav>
        <div className="whoami">
          <NavLink to="/security" title={t('nav.security')}>
            {staff.name}
          </NavLink>
          <button type="button" className="button ghost" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            {t('shell.signOut')}
          </button>
        </div>
      </header>
      <main className="console-main">
        <Outlet />
      </main>
    </div>
  );
}
