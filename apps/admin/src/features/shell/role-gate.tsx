import type { ReactNode } from 'react';
import type { StaffMember, StaffRoleName } from '@playz/api-contract/admin';
import { Status } from './status';

/** Whether a member may open a section: the server decides every call; this only hides doors. */
export const mayOpen = (staff: Pick<StaffMember, 'roles'>, roles: readonly StaffRoleName[]) =>
  staff.roles.includes('admin') || staff.roles.some((role) => roles.includes(role));

export function RoleGate({
  staff,
  roles,
  children,
}: {
  staff: StaffMember;
  roles: readonly StaffRoleName[];
  children: ReactNode;
}) {
  return mayOpen(staff, roles) ? children : <Status kind="forbidden" />;
}
