import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import type { VisitorAuth } from '../../lib/access';
import { registerEndpoint } from '../../lib/register-endpoint';
import { SerializedAnswer } from '../../lib/serialized-answer';
import type { AccountsService } from '../accounts';
import type { CommonContext } from '../../plugins/common-params';
import type { AppDataService } from './app-data.service';
import type { DataHotPath } from './data-hot-path';

const APP_OPEN = Buffer.from('{"App":');
const CUSTOMER_KEY = Buffer.from(',"Customer":');
const CLOSE = Buffer.from('}');

/**
 * spec 1 §7 GET /data's Response, `{"App":…,"Customer":…}`: the App part kept serialised per
 * locale (decision 037 addendum), the Customer this session's, kept serialised while it cannot
 * change (its access moves with the clock); spliced once, into the envelope. The route and its
 * hot path (data-hot-path.ts) answer with this one function.
 */
export function createDataAnswer(deps: { appData: AppDataService; accounts: AccountsService }) {
  const answer = async (auth: VisitorAuth, common: CommonContext): Promise<SerializedAnswer> => {
    const [app, customer] = await Promise.all([
      deps.appData.getAppJson(common.locale),
      deps.accounts.currentCustomerJson(auth, common),
    ]);
    return new SerializedAnswer(APP_OPEN, app, CUSTOMER_KEY, customer, CLOSE);
  };
  /**
   * The same answer without waiting, when both parts are kept in memory (decision 124); undefined
   * when either is not, and the caller asks `answer`.
   */
  const peek = (auth: VisitorAuth, common: CommonContext): SerializedAnswer | undefined => {
    const app = deps.appData.peekAppJson(common.locale);
    const customer = app && deps.accounts.peekCurrentCustomerJson(auth, common);
    return customer && new SerializedAnswer(APP_OPEN, app, CUSTOMER_KEY, customer, CLOSE);
  };
  return Object.assign(answer, { peek });
}

export function registerServiceRoutes(
  app: FastifyInstance,
  deps: {
    answer: ReturnType<typeof createDataAnswer>;
    /** Told each query string answered, so a repeat can be answered before routing. */
    hotPath?: Pick<DataHotPath, 'remember'>;
    checkResponses: boolean;
  },
) {
  /** spec 1 §7 GET /data: App and Customer, visitor or logged, in one answer. */
  registerEndpoint(
    app,
    endpoints.getData,
    async ({ auth, request }) => {
      const answer = await deps.answer(auth, request.common);
      deps.hotPath?.remember(request.raw.url ?? '', request.headers['accept-language'], request.common);
      return answer;
    },
    { checkResponses: deps.checkResponses },
  );
}
