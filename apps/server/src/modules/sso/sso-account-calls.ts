import type { FastifyRequest } from 'fastify';
import type { Customer } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import { callerOf } from '../../sessions/caller';
import type { SsoService } from './sso.service';

/**
 * The social branch of spec 1 §7 POST /customer and POST /customer/register: `sso_source` names
 * the provider, `sso_id` is an ID token it issued to our client (docs/decisions/012). The
 * accounts routes call these when `sso_source` is present; the caller has already ended the
 * previous session. Returns the new session's token and the Customer.
 */
export interface SsoCallDeps {
  sso: SsoService;
  customerById: (id: number) => Promise<Customer | null>;
}

export async function ssoLogIn(
  deps: SsoCallDeps,
  request: FastifyRequest,
  body: { sso_source: string; sso_id?: string },
) {
  if (!body.sso_id) throw apiError(ApiErrorNumber.MissingParameter);
  const { token, customerId } = await deps.sso.logInWithIdToken(body.sso_source, body.sso_id, contextOf(request));
  return { token, customer: await customerOrFail(deps, customerId) };
}

export async function ssoRegister(
  deps: SsoCallDeps,
  request: FastifyRequest,
  body: { sso_source: string; sso_id?: string; firstname?: string; lastname?: string },
) {
  if (!body.sso_id) throw apiError(ApiErrorNumber.MissingParameter);
  const names = { firstName: body.firstname?.trim() || undefined, lastName: body.lastname?.trim() || undefined };
  const { token, customerId } = await deps.sso.registerWithIdToken(
    body.sso_source,
    body.sso_id,
    names,
    contextOf(request),
  );
  return { token, customer: await customerOrFail(deps, customerId) };
}

async function customerOrFail(deps: SsoCallDeps, id: number): Promise<Customer> {
  const customer = await deps.customerById(id);
  if (!customer) throw apiError(ApiErrorNumber.InternalError);
  return customer;
}

function contextOf(request: FastifyRequest) {
  const caller = callerOf(request);
  return { device: caller.device, locale: caller.locale, country: caller.country, previousSessionId: null };
}
