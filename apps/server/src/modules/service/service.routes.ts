import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
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
    async ({ request }) => {
      const [App, Customer] = await Promise.all([
        deps.appData.getApp(request.common.locale),
        deps.accounts.currentCustomer(request.session, request.common),
      ]);
      return { App, Customer };
    },
    { checkResponses: deps.checkResponses },
  );
}
