import { describe, expect, it } from 'vitest';
import { endpointRoutes } from './endpoint-routes';
import { endpoints } from './index';

// The file itself is compared with its generator in apps/server/src/endpoint-routes-file.test.ts.
describe('endpoint routes without zod (the web client calls the API without the schemas)', () => {
  it('names every endpoint with its method and path', () => {
    expect(Object.keys(endpointRoutes).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [name, endpoint] of Object.entries(endpoints)) {
      expect(endpointRoutes[name as keyof typeof endpointRoutes]).toEqual({
        method: endpoint.method,
        path: endpoint.path,
      });
    }
  });
});
