import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import { authOf, type AuthOf } from './access';
import { ok } from './envelope';
import { envelopeJson, SerializedAnswer } from './serialized-answer';

// Not distributive: an optional part (`query?:`) must not turn into a union with the empty record.
type Infer<S> = [NonNullable<S>] extends [z.ZodType] ? z.infer<NonNullable<S>> : Record<string, never>;

export interface EndpointInput<E extends Endpoint> {
  /** Who calls, as the endpoint's access level gives it (decision 055): never null. */
  auth: AuthOf<E['access']>;
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  body: Infer<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Validates one part of the request against its contract schema. A field that is absent is
 * 2 (missing parameter), one that is present but wrong is 3 (bad parameter): spec 1 §8.
 */
function parsePart(schema: z.ZodType | undefined, raw: unknown): unknown {
  if (!schema) return {};
  const result = schema.safeParse(raw ?? {});
  if (result.success) return result.data;
  const source = (raw ?? {}) as Record<string, unknown>;
  const isMissing = result.error.issues.some((i) => i.path.length > 0 && source[String(i.path[0])] === undefined);
  throw apiError(isMissing ? ApiErrorNumber.MissingParameter : ApiErrorNumber.BadParameter);
}

/**
 * Outside production a serialised answer is parsed back and checked against the contract, like
 * any other answer: by the route, and by an answer made before routing (hot paths).
 */
export function checkSerialized(endpoint: Endpoint, answer: SerializedAnswer): void {
  endpoint.response.parse(JSON.parse(answer.json.toString('utf8')));
}

/**
 * Registers a contract endpoint (CONVENTIONS 2). Its access level is the contract's and goes on the
 * route (`config.access`): the session hook reads the session only for levels that use it, and
 * the caller is checked before any work, parameters included (decision 055). The handler
 * receives the access object of that level and typed, validated input.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: EndpointInput<E>) => Promise<z.infer<E['response']> | SerializedAnswer>,
  opts: { checkResponses: boolean },
) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access },
    handler: async (request, reply) => {
      const auth = authOf(endpoint.access, request.session, endpoint.visitorError);
      const input = {
        auth,
        params: parsePart(endpoint.params, request.params),
        query: parsePart(endpoint.query, request.query),
        body: endpoint.method === 'POST' ? parsePart(endpoint.body, request.body) : {},
        request,
        reply,
      } as EndpointInput<E>;
      const response = await handler(input);
      if (response instanceof SerializedAnswer) {
        if (opts.checkResponses) checkSerialized(endpoint, response);
        // Bytes with a JSON content type are sent as they are: no second serialisation.
        reply.type('application/json; charset=utf-8');
        return envelopeJson(response);
      }
      // Outside production every answer is checked against the contract, so drift fails tests.
      if (opts.checkResponses) endpoint.response.parse(response);
      return ok(response);
    },
  });
}
