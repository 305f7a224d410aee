import fp from 'fastify-plugin';
import { ADMIN_API_BASE_PATH } from '@playz/api-contract/admin';
import { registerSinglePageApp } from '../../plugins/single-page-app';
import { createAuditLog } from './audit-log';
import { createStaffRepository } from './staff.repository';
import { registerStaffRoutes } from './staff.routes';
import { createStaffService, type StaffService } from './staff.service';
import type { AuditLog } from './audit-log';

export type { AuditActor, AuditChange, AuditLog } from './audit-log';
export type { StaffService } from './staff.service';
export { STAFF_ROLES, type StaffRole } from './staff-roles';
export { createStaffService } from './staff.service';
export { createStaffRepository } from './staff.repository';
export { createAuditLog } from './audit-log';

declare module 'fastify' {
  interface FastifyInstance {
    /** The console's staff accounts and audit log (decision 080). */
    staff: { service: StaffService; audit: AuditLog };
  }
  interface FastifyContextConfig {
    /** The staff roles a console route admits (decision 080); admin is always admitted. */
    staffRoles?: readonly string[];
  }
}

/** The operator's console: staff accounts, their sign-in with a second factor, the audit log (decision 080). */
export default fp(
  async (app) => {
    const audit = createAuditLog(app.db, app.now);
    const service = createStaffService({
      repo: createStaffRepository(app.db),
      audit,
      limiter: app.limiter,
      now: app.now,
      issuer: 'Playz',
    });
    app.decorate('staff', { service, audit });
    await app.register(
      async (admin) =>
        registerStaffRoutes(admin, { staff: service, audit, isHttps: app.config.publicUrl.startsWith('https:') }),
      { prefix: ADMIN_API_BASE_PATH },
    );
    // The console's own React app (apps/admin); its calls are the ones above.
    registerSinglePageApp(app, {
      basePath: '/admin',
      distDir: app.config.adminDistDir,
      buildCommand: 'npm run build:admin',
    });
  },
  { name: 'playz-staff', dependencies: ['playz-foundation', 'playz-limiter', 'playz-http', 'playz-sessions'] },
);
