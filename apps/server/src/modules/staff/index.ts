import path from 'node:path';
import fp from 'fastify-plugin';
import { ADMIN_API_BASE_PATH } from '@playz/api-contract/admin';
import { registerSinglePageApp } from '../../plugins/single-page-app';
import { createAuditLog } from './audit-log';
import { createStaffRepository } from './staff.repository';
import { registerCustomerRoutes } from './customers.routes';
import { registerChartRoutes } from './charts.routes';
import { registerPromoCodeRoutes } from './promo-codes.routes';
import { registerOfferRoutes } from './offers.routes';
import { registerJobRoutes } from './jobs.routes';
import { registerCatalogueDeskRoutes } from './catalogue.routes';
import { registerCatalogueTrackRoutes } from './catalogue-tracks.routes';
import { registerChannelRoutes } from './channels.routes';
import { registerScheduleRoutes } from './schedule.routes';
import { registerSeriesRoutes } from './series.routes';
import { registerArtworkRoutes } from './artwork.routes';
import { registerGuideImportRoutes } from './guide-import.routes';
import { registerLiveEventRoutes } from './live-events.routes';
import { registerHomeRowRoutes } from './home-rows.routes';
import { abandonedUploadsJob, registerUploadRoutes } from './uploads.routes';
import { adminRouter } from './admin-route';
import { registerStaffRoutes } from './staff.routes';
import { staffCookieName } from './staff-session';
import { createSupportLookup } from './support-lookup';
import { outboxMailsTo } from '../../adapters/mail/outbox-reader';
import { MEDIA_JOB } from '../catalogue';
import { createStaffService, type StaffService } from './staff.service';
import { createStaffPasskeys } from './passkeys.service';
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

/**
 * The operator's console (decision 080): staff accounts, their sign-in with a second factor, the
 * audit log, and support's view of a customer and what it changes for them (decision 084).
 */
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
    // Passkeys beside TOTP (decision 095), bound to the console's configured domain and origin.
    const passkeys = createStaffPasskeys({
      db: app.db,
      audit,
      limiter: app.limiter,
      now: app.now,
      config: app.config.staffPasskeys,
      rpName: 'Playz',
    });
    const isHttps = app.config.publicUrl.startsWith('https:');
    // Support reads the other modules through their front doors, at call time.
    const support = createSupportLookup({
      accounts: { find: (q, page) => app.accounts.support.find(q, page), card: (id) => app.accounts.support.card(id) },
      billing: app.billingSupport,
      endSessions: (customerId) => app.sessions.deleteAllOfCustomer(customerId),
    });
    await app.register(
      async (admin) => {
        registerStaffRoutes(admin, { staff: service, passkeys, audit, isHttps });
        const route = adminRouter(admin, { staff: service, cookieName: staffCookieName(isHttps) });
        // Promo codes live with the registration that redeems them: the accounts module's front door.
        registerPromoCodeRoutes(route, { promoCodes: app.accounts.promoCodes, audit });
        // Offers are the service module's (GET /data lists them), read at call time (decision 099).
        registerOfferRoutes(route, { offers: () => app.service.offers, audit });
        // The job queues are infrastructure (plugins/jobs.plugin.ts), read at call time (decision 092).
        registerJobRoutes(route, { jobs: () => app.jobs.console(), audit });
        // The catalogue desk is the catalogue module's front door, read at call time (decision 094).
        registerCatalogueDeskRoutes(route, { desk: () => app.catalogue.desk, audit });
        // Its subtitles and protection too (decision 114).
        registerCatalogueTrackRoutes(route, { tracks: () => app.catalogue.tracks, audit });
        // Channels are the catalogue module's too (decision 102), through its front door at call time.
        registerChannelRoutes(route, { channels: () => app.catalogue.channels, audit });
        // So is the guide (decision 103): the schedule editor goes through the same front door.
        registerScheduleRoutes(route, { schedule: () => app.catalogue.schedule, audit });
        registerGuideImportRoutes(route, { guideImport: () => app.catalogue.guideImport, audit });
        // And the live events (decision 108).
        registerLiveEventRoutes(route, { liveEvents: () => app.catalogue.liveEvents, audit });
        // And the home rows with their preview, made by the viewers' page-rows code (decision 106).
        registerHomeRowRoutes(route, { homeRows: () => app.catalogue.homeRows, audit });
        // Series and collections too (decision 105).
        registerSeriesRoutes(route, {
          series: () => app.catalogue.series,
          collections: () => app.catalogue.collections,
          audit,
        });
        // Series' and live events' artwork, and what each owner shows now (decision 115).
        registerArtworkRoutes(route, { artwork: () => app.catalogue.artwork, audit });
        registerCustomerRoutes(route, {
          support,
          audit,
          now: app.now,
          // What support changes goes through each module's front door, read at call time.
          desk: {
            accounts: {
              endSession: (id, ref) => app.accounts.support.endSession(id, ref),
              unlock: (id) => app.accounts.support.unlock(id),
              exportOf: (id) => app.accounts.support.exportOf(id),
              deleteOnRequest: (id) => app.accounts.support.deleteOnRequest(id),
            },
            recovery: app.recovery,
            alerts: app.alertsSupport,
            // Only the local outbox keeps a copy of what was mailed; SMTP hands it on.
            mailsTo: async (login) => (app.config.smtpUrl ? null : outboxMailsTo(app.config.dataDir, login)),
            billing: app.billingSupport,
          },
        });
        // The charts read billing, the catalogue's event log and the audience through their front
        // doors, at call time: the audience registers after this module (decision 091).
        registerChartRoutes(adminRouter(admin, { staff: service, cookieName: staffCookieName(isHttps) }), {
          now: app.now,
          sources: {
            money: (range) => app.billingCharts.byDay(range),
            quality: (range) => app.catalogue.quality.byDay(range),
            audience: (range) => app.audience.charts.byDay(range),
            streams: (range) => app.streamHistory.over(range),
          },
        });
      },
      { prefix: ADMIN_API_BASE_PATH },
    );
    // The tus uploads (decision 094) sit outside the JSON-only scope above: tus posts no JSON.
    registerUploadRoutes(app, {
      staff: service,
      cookieName: staffCookieName(isHttps),
      audit,
      uploadsDir: path.join(app.config.dataDir, 'uploads'),
      maxBytes: app.config.adminUploadMaxBytes,
      desk: () => app.catalogue.desk,
      enqueueMediaJob: (uploadId) => app.jobs.enqueue(MEDIA_JOB, { uploadId }, uploadId),
    });
    app.jobs.add(
      abandonedUploadsJob({
        ...{ desk: () => app.catalogue.desk, audit, now: app.now },
        hours: app.config.adminUploadAbandonHours,
      }),
    );
    // The console's own React app (apps/admin); its calls are the ones above.
    registerSinglePageApp(app, {
      basePath: '/admin',
      distDir: app.config.adminDistDir,
      buildCommand: 'npm run build:admin',
    });
  },
  {
    name: 'playz-staff',
    dependencies: [
      'playz-foundation',
      'playz-limiter',
      'playz-http',
      'playz-sessions',
      'playz-accounts',
      'playz-service',
      'playz-billing',
      'playz-recovery',
      'playz-alerts',
      'playz-jobs',
    ],
  },
);
