import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiErrorNumber, apiError } from '@playz/domain';
import { adminEndpoints, type AdminEndpoint } from '@playz/api-contract/admin';
import { ok } from '../../lib/envelope';
import type { AuditLog } from './audit-log';
import type { StaffCaller, StaffService } from './staff.service';
import { mayCall } from './staff-roles';
import { STAFF_ABSOLUTE_MS, STAFF_COOKIE_PATH, staffCookieName } from './staff-session';

interface StaffRouteDeps {
  staff: StaffService;
  audit: AuditLog;
  isHttps: boolean;
}

type Part<S> = S extends z.ZodType ? z.infer<S> : undefined;

type Handler<E extends AdminEndpoint> = (input: {
  params: Part<NonNullable<E['params']>>;
  query: Part<NonNullable<E['query']>>;
  body: Part<NonNullable<E['body']>>;
  /** The signed-in staff member: a `staff` call's handler is never reached without one. */
  caller: E['access'] extends 'staff' ? StaffCaller : null;
  request: FastifyRequest;
  reply: FastifyReply;
}) => Promise<z.infer<E['response']>>;

const parse = (schema: z.ZodType | undefined, value: unknown) => {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw apiError(ApiErrorNumber.BadParameter);
  return result.data;
};

/**
 * The console's calls (decision 080), each from its contract entry: access checked before the
 * parameters are read, parameters checked by the contract's schemas, the envelope of the API.
 */
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

  function route<E extends AdminEndpoint>(endpoint: E, handler: Handler<E>) {
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      config: { access: endpoint.access, staffRoles: endpoint.roles ?? [] },
      handler: async (request, reply) => {
        let caller: StaffCaller | null = null;
        if (endpoint.access === 'staff') {
          const token = request.cookies[cookieName];
          caller = token ? await deps.staff.callerOf(token) : null;
          if (!caller) throw apiError(ApiErrorNumber.AuthenticationFailed);
          if (!mayCall(caller.member.roles, endpoint.roles ?? [])) throw apiError(ApiErrorNumber.Forbidden);
        }
        reply.header('cache-control', 'no-store');
        const response = await handler({
          params: parse(endpoint.params, request.params) as never,
          query: parse(endpoint.query, request.query) as never,
          body: parse(endpoint.body, request.body) as never,
          caller: caller as never,
          request,
          reply,
        });
        return ok(response);
      },
    });
  }

  const context = (request: FastifyRequest) => ({ requestId: String(request.id), clientIp: request.ip });

  route(adminEndpoints.staffSignInPassword, async ({ body, request, reply }) => {
    const step = await deps.staff.passwordStep({ ...body, clientIp: request.ip });
    setCookie(reply, step.token);
    return step.next === 'enrol' ? { next: 'enrol' as const, enrolment: step.enrolment } : { next: 'totp' as const };
  });

  route(adminEndpoints.staffSignInSecondFactor, async ({ body, request, reply }) => {
    const token = request.cookies[cookieName];
    if (!token) throw apiError(ApiErrorNumber.AuthenticationFailed);
    const signedIn = await deps.staff.secondFactorStep({ token, code: body.code, ...context(request) });
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
      context(request),
    );
    return { staff: created.member, password: created.password };
  });

  route(adminEndpoints.disableStaff, async ({ params, caller, request }) => ({
    staff: await deps.staff.disable(params.id, caller, context(request)),
  }));

  route(adminEndpoints.listAudit, async ({ query }) => {
    const entries = await deps.audit.list({
      action: query.action,
      actor: query.actor,
      targetType: query.target_type,
      targetId: query.target_id,
      beforeId: query.before_id,
      limit: query.limit,
    });
    return { entries, nextBeforeId: entries.length === query.limit ? (entries.at(-1)?.id ?? null) : null };
  });
}
