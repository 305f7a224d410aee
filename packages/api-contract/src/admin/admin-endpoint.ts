import type { z } from 'zod';

/** The console's API lives beside the viewers' (decision 080), never inside /api/1.2. */
export const ADMIN_API_BASE_PATH = '/api/admin';

export const STAFF_ROLE_NAMES = ['admin', 'editor', 'support', 'finance'] as const;
export type StaffRoleName = (typeof STAFF_ROLE_NAMES)[number];

/**
 * Who may make a console call (decision 080):
 * - `staff-sign-in`: the sign-in steps (the password; the second factor with the half-open session);
 * - `staff`: a staff session past its second factor, holding one of `roles` (admin holds all).
 * A customer's session opens none of them: it is another cookie, on another path.
 */
export type AdminAccess = 'staff-sign-in' | 'staff';

export interface AdminEndpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  A extends AdminAccess = AdminAccess,
> {
  method: 'GET' | 'POST';
  /** Path under /api/admin, Fastify style. */
  path: string;
  access: A;
  /** For `staff` calls: the roles that may make it (admin always may). */
  roles?: readonly StaffRoleName[];
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Bytes a post may carry when more than the server's default (64 KB), e.g. an imported guide. */
  bodyLimit?: number;
  response: R;
}

export function defineAdminEndpoint<
  R extends z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  A extends AdminAccess = AdminAccess,
>(endpoint: AdminEndpoint<Q, B, R, P, A>): AdminEndpoint<Q, B, R, P, A> {
  return endpoint;
}
