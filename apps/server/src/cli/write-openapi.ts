// `npm run openapi`: writes docs/api/openapi.json from the contract (the server serves the same
// document at /api/docs), and the contract's zod-free route table for the clients. A test fails
// when either committed file is out of date.
import fs from 'node:fs';
import path from 'node:path';
import { endpoints, renderEndpointRoutes } from '@playz/api-contract';
import { REPO_ROOT } from '../config';
import { buildOpenApiDocument } from '../openapi';

export const OPENAPI_FILE = path.join(REPO_ROOT, 'docs/api/openapi.json');
export const DOCUMENTED_SERVER = 'http://localhost:3000';
export const ENDPOINT_ROUTES_FILE = path.join(REPO_ROOT, 'packages/api-contract/src/endpoint-routes.ts');

export function renderOpenApi(): string {
  return `${JSON.stringify(buildOpenApiDocument(DOCUMENTED_SERVER), null, 2)}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  fs.mkdirSync(path.dirname(OPENAPI_FILE), { recursive: true });
  fs.writeFileSync(OPENAPI_FILE, renderOpenApi());
  console.log(`wrote ${path.relative(REPO_ROOT, OPENAPI_FILE)}`);
  fs.writeFileSync(ENDPOINT_ROUTES_FILE, renderEndpointRoutes(endpoints));
  console.log(`wrote ${path.relative(REPO_ROOT, ENDPOINT_ROUTES_FILE)}`);
}
