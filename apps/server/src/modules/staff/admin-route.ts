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

/**
 * Registers console calls from their contract entries (decision 080): access checked before the
 * parameters are read (11 without a full staff session, 4 for a role the call does not admit),
 * parameters checked by the contract's schemas, the envelope of the API, never cached.
 */
export function adminRouter(app: FastifyInstance, deps: { staff: StaffService; cookieName: string }) {
  return function route<E extends AdminEndpoint>(endpoint: E, handler: Handler<E>) {
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      config: { access: endpoint.access, staffRoles: endpoint.roles ?? [] },
      ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
      handler: async (request, reply) => {
        let caller: StaffCaller | null = null;
        if (endpoint.access === 'staff') {
          const token = request.cookies[deps.cookieName];
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
  };
}

export type AdminRoute = ReturnType<typeof adminRouter>;
