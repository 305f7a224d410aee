import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpoints } from '@playz/api-contract';
import { OPENAPI_FILE, renderOpenApi } from './cli/write-openapi';

describe('OpenAPI document (ARCHITECTURE 1: generated from the contract)', () => {
  it('lists every contract endpoint with its operation id', () => {
    const doc = JSON.parse(renderOpenApi());
    const operations = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap(
      (p) => Object.values(p).map((o) => o.operationId),
    );
    expect(operations.sort()).toEqual(Object.keys(endpoints).sort());
  });

  it('docs/api/openapi.json is up to date (run `npm run openapi` after changing the contract)', () => {
    expect(fs.readFileSync(OPENAPI_FILE, 'utf8')).toBe(renderOpenApi());
  });
});
