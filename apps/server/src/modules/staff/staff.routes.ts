import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { ApiErrorNumber, apiError } from '@playz/domain';
import { adminEndpoints } from '@playz/api-contract/admin';
import { adminRouter, auditContext } from './admin-route';
import type { AuditLog } from './audit-log';
import type { StaffService } from './staff.service';
import type { StaffPasskeys } from './passkeys.service';
import { STAFF_ABSOLUTE_MS, STAFF_COOKIE_PATH, staffCookieName } from './staff-session';

interface StaffRouteDeps {
  staff: StaffService;
  passkeys: StaffPasskeys;
  audit: AuditLog;
  isHttps: boolean;
}

/** The console's own calls (decision 080): sign-in, the session, staff accounts, the audit log. */
export function registerStaffRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const cookieName = staffCookieName(deps.isHttps);

  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(cookieName, token, {
      path: STAFF_COOKIE_PATH,
      httpOnly: true,
      // Strict: no other site's page, link or form ever sends it (the console has no inbound links).
      sameSite: 'strict',
      secure: deps.isHttps,
      maxAge: Math.floor(STAFF_ABSOLUTE_MS / 1000),
    });
  const clearCookie = (reply: FastifyReply) =>
    reply.clearCookie(cookieName, {
      path: STAFF_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: deps.isHttps,
    });

  // Only JSON bodies: a form of another site cannot post one without a preflight it would fail.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && !String(request.headers['content-type'] ?? '').startsWith('application/json'))
      throw apiError(ApiErrorNumber.BadParameter);
  });

  const route = adminRouter(app, { staff: deps.staff, cookieName });

  route(adminEndpoints.staffSignInPassword, async ({ body, request, reply }) => {
    const step = await deps.staff.passwordStep({ ...body, clientIp: request.ip });
    setCookie(reply, step.token);
    if (step.next === 'enrol') return { next: 'enrol' as const, enrolment: step.enrolment };
    return {
      next: 'totp' as const,
      passkeys: await deps.passkeys.hasPasskeys(step.staffId),
      ...(step.code === false ? { code: false as const } : {}),
    };
  });

  // The second step with a passkey instead of a code (decision 095), on the half-open session.
  route(adminEndpoints.staffPasskeySignInOptions, async ({ request }) => {
    const token = request.cookies[cookieName];
    if (!token) throw apiError(ApiErrorNumber.AuthenticationFailed);
    return { options: { ...(await deps.passkeys.signInOptions(token)) } };
  });

  route(adminEndpoints.staffPasskeySignIn, async ({ body, request, reply }) => {
    const token = request.cookies[cookieName];
    if (!token) throw apiError(ApiErrorNumber.AuthenticationFailed);
    const signedIn = await deps.passkeys.signIn({
      token,
      response: body.response as unknown as AuthenticationResponseJSON,
      ...auditContext(request),
    });
    setCookie(reply, signedIn.token);
    return { staff: signedIn.member };
  });

  route(adminEndpoints.listPasskeys, async ({ caller }) => deps.passkeys.list(caller));

  route(adminEndpoints.passkeyRegistrationOptions, async ({ caller }) => ({
    options: { ...(await deps.passkeys.registrationOptions(caller)) },
  }));

  route(adminEndpoints.registerPasskey, async ({ body, caller, request }) => ({
    passkey: await deps.passkeys.register(
      caller,
      { name: body.name, response: body.response as unknown as RegistrationResponseJSON },
      auditContext(request),
    ),
  }));

  route(adminEndpoints.removePasskey, async ({ params, caller, request }) => ({
    passkeys: await deps.passkeys.remove(caller, params.id, auditContext(request)),
  }));

  route(adminEndpoints.removeTotp, async ({ caller, request }) =>
    deps.passkeys.removeTotp(caller, auditContext(request)),
  );

  route(adminEndpoints.staffSignInSecondFactor, async ({ body, request, reply }) => {
    const token = request.cookies[cookieName];
    if (!token) throw apiError(ApiErrorNumber.AuthenticationFailed);
    const signedIn = await deps.staff.secondFactorStep({ token, code: body.code, ...auditContext(request) });
    setCookie(reply, signedIn.token);
    return { staff: signedIn.member };
  });

  route(adminEndpoints.staffSession, async ({ caller }) => ({ staff: caller.member }));

  route(adminEndpoints.staffSignOut, async ({ caller, reply }) => {
    await deps.staff.signOut(caller);
    clearCookie(reply);
    return {};
  });

  route(adminEndpoints.listStaff, async () => ({ staff: await deps.staff.list() }));

  route(adminEndpoints.createStaff, async ({ body, caller, request }) => {
    const created = await deps.staff.create(
      body,
      { staffId: caller.member.id, email: caller.member.email },
      auditContext(request),
    );
    return { staff: created.member, password: created.password };
  });

  route(adminEndpoints.disableStaff, async ({ params, caller, request }) => ({
    staff: await deps.staff.disable(params.id, caller, auditContext(request)),
  }));

  route(adminEndpoints.listAudit, async ({ query }) =>
    deps.audit.page(
      { action: query.action, actor: query.actor, targetType: query.target_type, targetId: query.target_id },
      { after: query.after, limit: query.limit },
    ),
  );
}
