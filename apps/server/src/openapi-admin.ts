import { z } from 'zod';
import { envelopeOf } from '@playz/api-contract';
import { ADMIN_API_BASE_PATH, adminEndpoints, type AdminEndpoint } from '@playz/api-contract/admin';
import { apiErrorMessage, httpStatusForError } from '@playz/domain';
import { ACCESS_LEVELS } from './lib/access';

/** The console's session (decision 080): its own cookie, sent to /api/admin only. */
export const STAFF_SECURITY_SCHEME = {
  staffCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'playz_staff',
    description: 'A console session past its second factor (`__Secure-playz_staff` over https)',
  },
};

const COMMON = [3, 5];

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }) as Record<string, unknown>;

function parameters(endpoint: AdminEndpoint) {
  const list: Record<string, unknown>[] = [];
  const add = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!(schema instanceof z.ZodObject)) return;
    for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>))
      list.push({
        name,
        in: where,
        required: where === 'path' || !field.safeParse(undefined).success,
        schema: jsonSchema(field),
      });
  };
  add(endpoint.params, 'path');
  add(endpoint.query, 'query');
  return list;
}

/**
 * The console's calls (decision 080) as OpenAPI operations, beside the viewers': their access
 * (`x-playz-access`, and `x-playz-roles` for a staff call), the staff cookie as their security,
 * JSON bodies (the console posts nothing else), and the numbers a caller without access gets.
 */
export function adminOpenApiPaths(): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  const sorted = (Object.entries(adminEndpoints) as [string, AdminEndpoint][]).sort(([, a], [, b]) =>
    `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`),
  );
  for (const [name, endpoint] of sorted) {
    const path = ADMIN_API_BASE_PATH + endpoint.path.replace(/:(\w+)/g, '{$1}');
    const staff = endpoint.access === 'staff';
    const refusals = staff ? [11, 4] : [11];
    const responses: Record<string, unknown> = {
      200: {
        description: 'ok (Error.Number 0)',
        content: { 'application/json': { schema: jsonSchema(envelopeOf(endpoint.response)) } },
      },
    };
    for (const n of [...COMMON, ...refusals]) {
      const status = String(httpStatusForError(n));
      const previous = (responses[status] as { description: string } | undefined)?.description;
      responses[status] = { description: [previous, `${n} ${apiErrorMessage(n)}`].filter(Boolean).join('; ') };
    }
    const roles = staff ? ` Roles: ${(endpoint.roles ?? []).join(', ')} (admin always).` : '';
    paths[path] = {
      ...paths[path],
      [endpoint.method.toLowerCase()]: {
        operationId: `admin.${name}`,
        summary: endpoint.summary,
        'x-playz-access': endpoint.access,
        ...(staff ? { 'x-playz-roles': endpoint.roles ?? [] } : {}),
        description: `Access: ${endpoint.access}. ${ACCESS_LEVELS[endpoint.access].summary}.${roles}`,
        security: staff ? [{ staffCookie: [] }] : [],
        tags: ['Console'],
        parameters: parameters(endpoint),
        ...(endpoint.method === 'POST' && endpoint.body
          ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body) } } } }
          : {}),
        responses,
      },
    };
  }
  return paths;
}
