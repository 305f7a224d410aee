import { z } from 'zod';
import {
  API_BASE_PATH,
  commonParamsSchema,
  endpoints,
  envelopeOf,
  type Endpoint,
  type EndpointAccess,
} from '@playz/api-contract';
import { ApiErrorNumber, apiErrorMessage, httpStatusForError } from '@playz/domain';
import { ACCESS_LEVELS } from './lib/access';
import { adminOpenApiPaths, STAFF_SECURITY_SCHEME } from './openapi-admin';

const COMMON_ERRORS = [2, 3, 5, 16];

/** How a client proves its session (decision 005): the web's cookie, or the apps' bearer token. */
const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'playz_sid',
    description: 'The web session, httpOnly (`__Host-playz_sid` over https)',
  },
  bearerToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The session token TV and device apps keep (sent back in x-playz-token at log-in)',
  },
};
const SIGNED_IN = [{ sessionCookie: [] }, { bearerToken: [] }];

/**
 * Each operation's access level (decision 055): `x-playz-access`, its security (optional for a
 * visitor's call, none for a grant's) and the numbers a caller without it gets.
 */
function accessOf(endpoint: Endpoint) {
  const level: EndpointAccess = endpoint.access;
  const visitorError = endpoint.visitorError ?? ApiErrorNumber.AuthenticationFailed;
  const security = { visitor: [{}, ...SIGNED_IN], customer: SIGNED_IN, adult: SIGNED_IN, 'stream-grant': [] }[level];
  const refusals = { visitor: [], customer: [visitorError], adult: [visitorError, 4], 'stream-grant': [] }[level];
  const summary =
    level === 'customer' ? `A signed-in session; a visitor gets ${visitorError}` : ACCESS_LEVELS[level].summary;
  return { operation: { 'x-playz-access': level, description: `Access: ${level}. ${summary}.`, security }, refusals };
}

function jsonSchema(schema: z.ZodType) {
  return z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }) as Record<string, unknown>;
}

function parameters(endpoint: Endpoint) {
  const list: Record<string, unknown>[] = [];
  const add = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!(schema instanceof z.ZodObject)) return;
    for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      list.push({
        name,
        in: where,
        required: where === 'path' || !field.safeParse(undefined).success,
        schema: jsonSchema(field),
      });
    }
  };
  add(endpoint.params, 'path');
  add(endpoint.query, 'query');
  if (endpoint.method === 'GET') add(commonParamsSchema, 'query');
  return list;
}

/** OpenAPI 3.1 generated from the contract schemas (ARCHITECTURE 1): never written by hand. */
export function buildOpenApiDocument(publicUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  // Sorted so the document is the same whatever order modules are loaded in.
  const sorted = (Object.entries(endpoints) as [string, Endpoint][]).sort(([, a], [, b]) =>
    `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`),
  );
  for (const [name, endpoint] of sorted) {
    const path = API_BASE_PATH + endpoint.path.replace(/:(\w+)/g, '{$1}');
    const access = accessOf(endpoint);
    const errors = [...new Set([...COMMON_ERRORS, ...access.refusals, ...(endpoint.errors ?? [])])];
    const responses: Record<string, unknown> = {
      200: {
        description: 'ok (Error.Number 0)',
        content: { 'application/json': { schema: jsonSchema(envelopeOf(endpoint.response)) } },
      },
    };
    for (const n of errors) {
      const status = String(httpStatusForError(n));
      const previous = (responses[status] as { description: string } | undefined)?.description;
      responses[status] = { description: [previous, `${n} ${apiErrorMessage(n)}`].filter(Boolean).join('; ') };
    }
    const body =
      endpoint.method === 'POST' && endpoint.body
        ? {
            requestBody: {
              content: {
                'application/x-www-form-urlencoded': { schema: jsonSchema(endpoint.body.and(commonParamsSchema)) },
              },
            },
          }
        : {};
    paths[path] = {
      ...paths[path],
      [endpoint.method.toLowerCase()]: {
        operationId: name,
        summary: endpoint.summary,
        ...access.operation,
        tags: endpoint.tags,
        parameters: parameters(endpoint),
        ...body,
        responses,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Playz API',
      version: '1.2',
      description:
        'Every answer is {"Response": ..., "Error": {"Number", "Message"}}; error numbers are the spec catalogue.',
    },
    servers: [{ url: publicUrl }],
    components: { securitySchemes: { ...SECURITY_SCHEMES, ...STAFF_SECURITY_SCHEME } },
    // The operator's console beside the viewers' calls (decision 080).
    paths: { ...paths, ...adminOpenApiPaths() },
  };
}
