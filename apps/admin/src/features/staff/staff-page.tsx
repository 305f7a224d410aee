import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { adminEndpoints, STAFF_ROLE_NAMES, type StaffMember, type StaffRoleName } from '@playz/api-contract/admin';
import { AdminApiError, adminCall } from '@/api/admin-client';
import { useT } from '@/i18n/use-t';
import { Status } from '../shell/status';

const STAFF_KEY = ['staff'] as const;

function CreateMember() {
  const t = useT();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<StaffRoleName[]>([]);
  const create = useMutation({
    mutationFn: () => adminCall(adminEndpoints.createStaff, { body: { email, name, roles } }),
    onSuccess: () => {
      setEmail('');
      setName('');
      setRoles([]);
      void queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    },
  });
  const refusal =
    create.error instanceof AdminApiError ? (create.error.number === 12 ? 'staff.exists' : 'staff.invalid') : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="panel inline-form" onSubmit={submit} aria-labelledby="create-title">
      <h2 id="create-title">{t('staff.create')}</h2>
      <label>
        {t('staff.email')}
        <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>
        {t('staff.name')}
        <input required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <fieldset>
        <legend>{t('staff.roles')}</legend>
        {STAFF_ROLE_NAMES.map((role) => (
          <label key={role} className="check">
            <input
              type="checkbox"
              checked={roles.includes(role)}
              onChange={(e) =>
                setRoles((held) => (e.target.checked ? [...held, role] : held.filter((r) => r !== role)))
              }
            />
            {t(`role.${role}`)}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button primary" disabled={create.isPending || roles.length === 0}>
        {t('staff.createSubmit')}
      </button>
      {refusal ? (
        <p role="alert" className="error">
          {t(refusal)}
        </p>
      ) : null}
      {create.data ? (
        <p role="status" className="one-time">
          {t('staff.created', { email: create.data.staff.email })}{' '}
          <code data-testid="first-password">{create.data.password}</code>
        </p>
      ) : null}
    </form>
  );
}

function MemberRow({ member, me }: { member: StaffMember; me: StaffMember }) {
  const t = useT();
  const queryClient = useQueryClient();
  const disable = useMutation({
    mutationFn: () => adminCall(adminEndpoints.disableStaff, { params: { id: member.id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
  const state = member.disabled ? 'staff.disabled' : member.enrolled ? 'staff.enrolled' : 'staff.notEnrolled';
  return (
    <tr>
      <td>{member.email}</td>
      <td>{member.name}</td>
      <td>{member.roles.map((role) => t(`role.${role}`)).join(', ')}</td>
      <td>{t(state)}</td>
      <td>
        {!member.disabled && member.id !== me.id ? (
          <button
            type="button"
            className="button ghost"
            disabled={disable.isPending}
            onClick={() => {
              if (window.confirm(t('staff.confirmDisable', { email: member.email }))) disable.mutate();
            }}
          >
            {t('staff.disable')}
          </button>
        ) : null}
      </td>
    </tr>
  );
}

/** Staff accounts: who holds which roles, adding a member, disabling one (decision 080). */
export function StaffPage({ me }: { me: StaffMember }) {
  const t = useT();
  const list = useQuery({ queryKey: STAFF_KEY, queryFn: () => adminCall(adminEndpoints.listStaff) });
  return (
    <section>
      <h1>{t('staff.title')}</h1>
      {list.isPending ? <Status kind="loading" /> : null}
      {list.isError ? <Status kind="error" onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>{t('staff.email')}</th>
                <th>{t('staff.name')}</th>
                <th>{t('staff.roles')}</th>
                <th>{t('staff.state')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.data.staff.map((member) => (
                <MemberRow key={member.id} member={member} me={me} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <CreateMember />
    </section>
  );
}
