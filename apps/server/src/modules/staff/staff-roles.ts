/**
 * The console's roles (decision 080). A staff member holds one or more; each console call names
 * the roles that may make it, and `admin` may make every call.
 * - admin: staff accounts and the audit log, and everything the others do;
 * - editor: catalogue, channels and guide, home rows;
 * - support: customers (find, help, refund through the providers, GDPR);
 * - finance: offers, prices, promo codes, money charts and exports.
 */
export const STAFF_ROLES = ['admin', 'editor', 'support', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);

export function parseRoles(text: string): StaffRole[] {
  return text
    .split(',')
    .map((r) => r.trim())
    .filter(isStaffRole);
}

/** Whether someone with `held` may make a call open to `allowed`. */
export function mayCall(held: readonly StaffRole[], allowed: readonly StaffRole[]): boolean {
  return held.includes('admin') || held.some((role) => allowed.includes(role));
}
