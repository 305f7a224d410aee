import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import { clearSessionCookie, type SessionCookies } from '../../plugins/session';
import type { AccountEditService } from './account-edit.service';
import type { CustomerSettingsService } from './customer-settings.service';
import type { DevicesService } from './devices.service';
import type { DomainMailboxService } from './domain-mailbox.service';
import type { ProfilesService } from './profiles.service';

/** The customer-area calls of spec 1 §7 beyond log-in and registration. */
export function registerAccountsManageRoutes(
  app: FastifyInstance,
  deps: {
    edit: AccountEditService;
    profiles: ProfilesService;
    settings: CustomerSettingsService;
    devices: DevicesService;
    mailbox: DomainMailboxService;
    cookies: SessionCookies;
    checkResponses: boolean;
  },
) {
  const opts = { checkResponses: deps.checkResponses };

  registerEndpoint(
    app,
    endpoints.editCustomer,
    async ({ auth, body, request }) => ({ Customer: await deps.edit.edit(auth, body, request.ip) }),
    opts,
  );

  registerEndpoint(
    app,
    endpoints.editProfile,
    async ({ auth, body }) =>
      deps.profiles.editProfile(auth, {
        uuid: body.customer_profile_uuid,
        pictureId: body.profile_picture_id !== undefined ? Number(body.profile_picture_id) : undefined,
        userName: body.username,
        isKids: body.is_kids !== undefined ? body.is_kids === '1' : undefined,
      }),
    opts,
  );

  registerEndpoint(
    app,
    endpoints.deleteProfile,
    async ({ auth, body }) => ({
      Customer: await deps.profiles.deleteProfile(auth, body.customer_profile_uuid),
    }),
    opts,
  );

  registerEndpoint(
    app,
    endpoints.switchProfile,
    async ({ auth, body, request }) => ({
      Customer: await deps.profiles.switchProfile(auth, body.customer_profile_uuid, body.code, request.ip),
    }),
    opts,
  );

  registerEndpoint(
    app,
    endpoints.getProfilePictures,
    async () => ({ ProfilePictures: await deps.profiles.listPictures() }),
    opts,
  );

  registerEndpoint(
    app,
    endpoints.editAlert,
    async ({ auth, body }) => ({
      Result: await deps.settings.editAlert(
        auth,
        body.alert_type,
        body.delta_time !== undefined ? Number(body.delta_time) : undefined,
        body.enabled === '1',
      ),
    }),
    opts,
  );

  registerEndpoint(
    app,
    endpoints.checkParentalCode,
    async ({ auth, body, request }) => {
      const Valid = await deps.settings.checkParentalCode(auth, body.code, request.ip);
      // A right code given for a content opens it to this session (decision 059).
      if (!Valid || body.content_id === undefined) return { Valid };
      return { Valid, ParentalProof: deps.settings.parentalProof(auth, body.content_id) };
    },
    opts,
  );

  registerEndpoint(app, endpoints.getDomainMailbox, async ({ auth }) => deps.mailbox.get(auth), opts);

  registerEndpoint(
    app,
    endpoints.getActiveDevices,
    async ({ auth }) => ({ Devices: await deps.devices.listActive(auth) }),
    opts,
  );

  registerEndpoint(
    app,
    endpoints.logOutDevice,
    async ({ auth, body, reply }) => {
      const { wasCurrent } = await deps.devices.logOutDevice(auth, body.device_id);
      if (wasCurrent) clearSessionCookie(reply, deps.cookies);
      return { Success: true };
    },
    opts,
  );

  registerEndpoint(
    app,
    endpoints.logOutOthers,
    async ({ auth }) => ({ Success: true, SignedOut: await deps.edit.logOutOthers(auth) }),
    opts,
  );

  registerEndpoint(
    app,
    endpoints.saveConsent,
    async ({ auth, body }) => ({ Consent: await deps.settings.saveConsent(auth, body.cookie_type_ids) }),
    opts,
  );
}
