import { z } from 'zod';
import { STAFF_ROLE_NAMES, defineAdminEndpoint } from './admin-endpoint';
import { keysetQuery, NextCursorSchema } from './keyset-page';

export const StaffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLE_NAMES)),
  enrolled: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  staffId: z.number().int().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const email = z.string().trim().min(3).max(254);

export const staffSignInPassword = defineAdminEndpoint({
  method: 'POST',
  path: '/session/password',
  access: 'staff-sign-in',
  summary: 'First step of a staff sign-in: e-mail and password; says whether to enrol or give a code',
  body: z.object({ email, password: z.string().min(1).max(1024) }),
  response: z.discriminatedUnion('next', [
    // `passkeys`: the member has passkeys, which may answer instead of the code (decision 095).
    // `code: false`: the member removed the authenticator app; a passkey answers (decision 109).
    z.object({ next: z.literal('totp'), passkeys: z.boolean().optional(), code: z.literal(false).optional() }),
    z.object({ next: z.literal('enrol'), enrolment: z.object({ secret: z.string(), otpauthUrl: z.string() }) }),
  ]),
});

export const staffSignInSecondFactor = defineAdminEndpoint({
  method: 'POST',
  path: '/session/second-factor',
  access: 'staff-sign-in',
  summary: 'Second step: the authenticator’s six-digit code; opens the console',
  body: z.object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/),
  }),
  response: z.object({ staff: StaffMemberSchema }),
});

export const staffSession = defineAdminEndpoint({
  method: 'GET',
  path: '/session',
  access: 'staff',
  roles: STAFF_ROLE_NAMES,
  summary: 'The signed-in staff member',
  response: z.object({ staff: StaffMemberSchema }),
});

export const staffSignOut = defineAdminEndpoint({
  method: 'POST',
  path: '/session/end',
  access: 'staff',
  roles: STAFF_ROLE_NAMES,
  summary: 'Ends this console session',
  response: z.object({}),
});

export const listStaff = defineAdminEndpoint({
  method: 'GET',
  path: '/staff',
  access: 'staff',
  roles: ['admin'],
  summary: 'Staff accounts',
  response: z.object({ staff: z.array(StaffMemberSchema) }),
});

export const createStaff = defineAdminEndpoint({
  method: 'POST',
  path: '/staff',
  access: 'staff',
  roles: ['admin'],
  summary: 'Creates a staff account; its first password is answered once',
  body: z.object({
    email,
    name: z.string().trim().min(1).max(100),
    roles: z.array(z.enum(STAFF_ROLE_NAMES)).min(1),
  }),
  response: z.object({ staff: StaffMemberSchema, password: z.string() }),
});

export const disableStaff = defineAdminEndpoint({
  method: 'POST',
  path: '/staff/:id/disable',
  access: 'staff',
  roles: ['admin'],
  summary: 'Disables a staff account and ends its sessions',
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: z.object({ staff: StaffMemberSchema }),
});

export const listAudit = defineAdminEndpoint({
  method: 'GET',
  path: '/audit',
  access: 'staff',
  roles: ['admin'],
  summary: 'The audit log, newest first, filtered, paged by an opaque cursor',
  query: z.object({
    action: z.string().max(100).optional(),
    actor: z.string().max(254).optional(),
    target_type: z.string().max(50).optional(),
    target_id: z.string().max(100).optional(),
    // An opaque cursor like every console list's (decision 110, decision 116), not an entry's id.
    ...keysetQuery(50, 200),
  }),
  response: z.object({ entries: z.array(AuditEntrySchema), next: NextCursorSchema }),
});
