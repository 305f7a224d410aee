import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { AdminEndpoint } from '@playz/api-contract/admin';
import { ok } from '../../lib/envelope';
import type { StaffCaller, StaffService } from './staff.service';
import { mayCall } from './staff-roles';

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

/** The request id and client address every audited change records. */
export const auditContext = (request: FastifyRequest) => ({ requestId: String(request.id), clientIp: request.ip });

/** The staff member a request was admitted for, found before its body was read. */
const callers = new WeakMap<FastifyRequest, StaffCaller>();

/**
 * Registers console calls from their contract entries (decision 080): access checked before the
 * body and parameters are read (11 without a full staff session, 4 for a role the call does not
 * admit), parameters checked by the contract's schemas, the envelope of the API, never cached.
 */
export function adminRouter(app: FastifyInstance, deps: { staff: StaffService; cookieName: string }) {
  return function route<E extends AdminEndpoint>(endpoint: E, handler: Handler<E>) {
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      config: { access: endpoint.access, staffRoles: endpoint.roles ?? [] },
      ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
      // onRequest runs before Fastify reads the body: a post from no one, a customer or a lower
      // role is refused unread, where the guide import's routes take 2.5 MB (decision 108).
      onRequest: async (request) => {
        if (endpoint.access !== 'staff') return;
        const token = request.cookies[deps.cookieName];
        const caller = token ? await deps.staff.callerOf(token) : null;
        if (!caller) throw apiError(ApiErrorNumber.AuthenticationFailed);
        if (!mayCall(caller.member.roles, endpoint.roles ?? [])) throw apiError(ApiErrorNumber.Forbidden);
        callers.set(request, caller);
      },
      handler: async (request, reply) => {
        const caller = callers.get(request) ?? null;
        if (endpoint.access === 'staff' && !caller) throw apiError(ApiErrorNumber.AuthenticationFailed);
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
  };
}

export type AdminRoute = ReturnType<typeof adminRouter>;
