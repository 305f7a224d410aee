import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createBillingRepository } from './billing.repository';
import { registerBillingRoutes } from './billing.routes';
import { createBillingService } from './billing.service';

/** Billing (spec 3): for now the unsubscribe call; payment adapters come later (decision 017). */
export function createBillingModule(deps: {
  db: Kysely<Database>;
  assertNotKidsProfile: (session: { id: string; customerId: number } | null) => Promise<void>;
  now?: () => Date;
}) {
  const billing = createBillingService({
    repo: createBillingRepository(deps.db),
    assertNotKidsProfile: deps.assertNotKidsProfile,
    now: deps.now,
  });
  return {
    billing,
    registerApi(api: FastifyInstance, checkResponses: boolean) {
      registerBillingRoutes(api, { billing, checkResponses });
    },
  };
}
