import { z } from 'zod';
import { API_BASE_PATH, commonParamsSchema, endpoints, envelopeOf, type Endpoint } from '@playz/api-contract';
import { apiErrorMessage, httpStatusForError } from '@playz/domain';

const COMMON_ERRORS = [2, 3, 5, 16];

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
    const errors = [...COMMON_ERRORS, ...(endpoint.errors ?? [])];
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
    paths,
  };
}
