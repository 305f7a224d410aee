import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '@playz/api-contract';
import { adminEndpoints } from '@playz/api-contract/admin';
import { OPENAPI_FILE, renderOpenApi } from './cli/write-openapi';

describe('OpenAPI document (ARCHITECTURE 1: generated from the contract)', () => {
  it('lists every contract endpoint with its operation id', () => {
    const doc = JSON.parse(renderOpenApi());
    const operations = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap(
      (p) => Object.values(p).map((o) => o.operationId),
    );
    expect(operations.sort()).toEqual(
      [...Object.keys(endpoints), ...Object.keys(adminEndpoints).map((name) => `admin.${name}`)].sort(),
    );
  });

  it("shows each operation's access level, security and refusal (decision 055)", () => {
    type Operation = {
      operationId: string;
      'x-playz-access': string;
      security: Record<string, string[]>[];
      responses: Record<string, { description: string }>;
    };
    const doc = JSON.parse(renderOpenApi());
    const operations = Object.values(doc.paths as Record<string, Record<string, Operation>>)
      .flatMap((p) => Object.values(p))
      .filter((operation) => !operation.operationId.startsWith('admin.'));
    for (const operation of operations) {
      const endpoint = (endpoints as Record<string, Endpoint>)[operation.operationId]!;
      expect([operation.operationId, operation['x-playz-access']]).toEqual([operation.operationId, endpoint.access]);
      const signedIn = [{ sessionCookie: [] }, { bearerToken: [] }];
      if (endpoint.access === 'customer' || endpoint.access === 'adult') {
        expect(operation.security).toEqual(signedIn);
        const refusal = endpoint.visitorError ?? 11;
        expect(operation.responses[refusal === 11 ? '401' : '403']!.description).toContain(`${refusal} `);
      }
      if (endpoint.access === 'adult') expect(operation.responses['403']!.description).toContain('4 forbidden');
      if (endpoint.access === 'visitor') expect(operation.security).toEqual([{}, ...signedIn]);
      if (endpoint.access === 'stream-grant') expect(operation.security).toEqual([]);
    }
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearerToken', 'sessionCookie', 'staffCookie']);
  });

  it("shows the console's calls with their access, roles and the staff cookie (decision 080)", () => {
    const doc = JSON.parse(renderOpenApi());
    const session = doc.paths['/api/admin/session'].get;
    expect(session).toMatchObject({ 'x-playz-access': 'staff', security: [{ staffCookie: [] }], tags: ['Console'] });
    const audit = doc.paths['/api/admin/audit'].get;
    expect(audit['x-playz-roles']).toEqual(['admin']);
    expect(audit.responses['403'].description).toContain('4 forbidden');
    const password = doc.paths['/api/admin/session/password'].post;
    expect(password).toMatchObject({ 'x-playz-access': 'staff-sign-in', security: [] });
    // The console posts JSON only (decision 080): its bodies say so.
    expect(Object.keys(password.requestBody.content)).toEqual(['application/json']);
  });

  it('docs/api/openapi.json is up to date (run `npm run openapi` after changing the contract)', () => {
    expect(fs.readFileSync(OPENAPI_FILE, 'utf8')).toBe(renderOpenApi());
  });
});
