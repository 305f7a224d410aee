import type { Customer } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { CustomerAuth } from '../../lib/access';
import type { AccountsRepository, CustomerRow } from './accounts.repository';
import type { AccountsService } from './accounts.service';

/**
 * The account of a signed-in call (decision 055). Its session was valid when the call began and
 * sessions go with their account, so the account is there unless it was deleted meanwhile: then
 * the call answers as the ended session it now is, 11 (spec 1 §8).
 */
export async function accountOf(
  accounts: Pick<AccountsRepository, 'findById'>,
  auth: Pick<CustomerAuth, 'customerId'>,
): Promise<CustomerRow> {
  const row = await accounts.findById(auth.customerId);
  if (!row) throw apiError(ApiErrorNumber.AuthenticationFailed);
  return row;
}

/**
 * The Customer entity of a signed-in call, its current profile read again (a call may just have
 * changed it); 11 when the account was deleted meanwhile, as `accountOf`.
 */
export async function customerOf(
  customers: Pick<AccountsService, 'customerById'>,
  auth: Pick<CustomerAuth, 'customerId' | 'sessionId'>,
): Promise<Customer> {
  const customer = await customers.customerById(auth.customerId, auth.sessionId);
  if (!customer) throw apiError(ApiErrorNumber.AuthenticationFailed);
  return customer;
}
