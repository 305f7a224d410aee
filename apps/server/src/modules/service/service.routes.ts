import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import { jsonObject, jsonWithProperty, SerializedAnswer, toJsonBytes } from '../../lib/serialized-answer';
import type { AccountsService } from '../accounts/accounts.service';
import type { AppDataService } from './app-data.service';

export function registerServiceRoutes(
  app: FastifyInstance,
  deps: { appData: AppDataService; accounts: AccountsService; checkResponses: boolean },
) {
  /** spec 1 §7 GET /data: App and Customer, visitor or logged, in one answer. */
  registerEndpoint(
    app,
    endpoints.getData,
    // The App part is kept serialised per locale (decision 037 addendum); the Customer is this
    // session's, computed and serialised per call (its access moves with the clock).
    async ({ request }) => {
      const [app, customer] = await Promise.all([
        deps.appData.getAppJson(request.common.locale),
        deps.accounts.currentCustomer(request.session, request.common),
      ]);
      return new SerializedAnswer(jsonWithProperty(jsonObject('App', app), 'Customer', toJsonBytes(customer)));
    },
    { checkResponses: deps.checkResponses },
  );
}
