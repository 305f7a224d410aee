import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpoints, renderEndpointRoutes } from '@playz/api-contract';
import { ENDPOINT_ROUTES_FILE } from './cli/write-openapi';

describe('zod-free endpoint route table (the web client calls the API without the schemas)', () => {
  it('packages/api-contract/src/endpoint-routes.ts is up to date (run `npm run openapi` after changing the contract)', () => {
    expect(fs.readFileSync(ENDPOINT_ROUTES_FILE, 'utf8')).toBe(renderEndpointRoutes(endpoints));
  });
});
