import { Link } from 'react-router';
import type { StaffMember } from '@playz/api-contract/admin';
import { useT } from '@/i18n/use-t';
import { mayOpen } from './role-gate';
import { SECTIONS } from './sections';

export function HomePage({ staff }: { staff: StaffMember }) {
  const t = useT();
  const open = SECTIONS.filter((section) => mayOpen(staff, section.roles));
  return (
    <section>
      <h1>{t('home.title', { name: staff.name })}</h1>
      <p className="muted">{t('home.text', { roles: staff.roles.map((role) => t(`role.${role}`)).join(', ') })}</p>
      {open.length ? (
        <ul className="cards">
          {open.map((section) => (
            <li key={section.path}>
              <Link to={section.path} className="card">
                {t(section.label)}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('home.none')}</p>
      )}
    </section>
  );
}
