import { FIFTY_ITEM_COLLECTION_ID } from './fifty-item-collection';

/**
 * What the benchmark measures. Each scenario is one request replayed by autocannon against
 * Playz and against a bare node:http peer answering the same bytes. Add a line to add a scenario.
 */
export interface Scenario {
  name: string;
  method: 'GET';
  /** Path and query, from the server root. */
  path: string;
  headers?: Record<string, string>;
  /** `subscriber` logs the demo subscriber in once and sends its session cookie. */
  actor?: 'visitor' | 'subscriber';
}

export const scenarios: Scenario[] = [
  { name: 'App data, visitor', method: 'GET', path: '/api/1.2/data' },
  { name: 'App data, logged subscriber', method: 'GET', path: '/api/1.2/data', actor: 'subscriber' },
  { name: 'Content page 1001, visitor', method: 'GET', path: '/api/1.2/content/1001' },
  {
    name: 'Home page rows, logged subscriber',
    method: 'GET',
    path: '/api/1.2/page/home/rows?with_data=1',
    actor: 'subscriber',
  },
  {
    name: 'Collection of 50 contents, visitor',
    method: 'GET',
    path: `/api/1.2/content-collection/${FIFTY_ITEM_COLLECTION_ID}`,
  },
];

/** The demo subscriber seeded by the server (apps/server/src/db/seed/demo-settings.ts). */
export const DEMO_SUBSCRIBER = { login: 'abonne@playz.fr', password: 'playz2026' };
