import type { EndpointAccess } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';

/**
 * Who may call a route (decision 055). Contract endpoints declare theirs in the contract
 * (`EndpointAccess`); routes outside it (stream files, licences, provider notifications, pages,
 * operations) declare one of the others as `config.access`. A route without one stops the start.
 */
export type RouteAccess =
  | EndpointAccess
  /** Anyone; nothing personal is read or answered (pages, health, API docs, preflights). */
  | 'public'
  /** A single-use licence token in the URL (decision 024). */
  | 'licence-token'
  /** A provider's signature on its notification: payments (decisions 025, 026, 027), sign-on (086). */
  | 'provider-signature'
  /** The operator's METRICS_TOKEN. */
  | 'operator-token'
  /** The demo mode's payment stand-ins, answering as their provider's API does (decision 047). */
  | 'stand-in'
  /** Registered outside production only (the development outbox). */
  | 'development'
  /** The console's sign-in steps: a staff password, then its second factor (decision 080). */
  | 'staff-sign-in'
  /** The console: a staff session past its second factor, with a role the route names (decision 080). */
  | 'staff';

export interface AccessLevel {
  /** Whether the caller's session is looked up: only the levels that use it pay for the read. */
  readsSession: boolean;
  /** What the level asks of a caller, as the OpenAPI document and the route listing say it. */
  summary: string;
}

export const ACCESS_LEVELS: Readonly<Record<RouteAccess, AccessLevel>> = {
  visitor: { readsSession: true, summary: 'Anyone; the session of a signed-in caller is read' },
  customer: { readsSession: true, summary: 'A signed-in session; a visitor gets 11, or the number the call names' },
  adult: {
    readsSession: true,
    summary: 'A signed-in session off a kids profile; 11 without a session, 4 on a kids profile',
  },
  'stream-grant': { readsSession: false, summary: 'The signed stream grant it carries; no session is read' },
  public: { readsSession: false, summary: 'Anyone; no session is read' },
  'licence-token': { readsSession: false, summary: 'A single-use licence token; no session is read' },
  'provider-signature': {
    readsSession: false,
    summary: 'The provider’s signature on its notification; no session is read',
  },
  'operator-token': { readsSession: false, summary: 'The operator’s METRICS_TOKEN; no session is read' },
  'stand-in': { readsSession: false, summary: 'Demo-mode payment stand-in, as its provider’s API; no session is read' },
  development: { readsSession: false, summary: 'Outside production only; no session is read' },
  'staff-sign-in': { readsSession: false, summary: 'The console’s sign-in steps; no customer session is read' },
  staff: {
    readsSession: false,
    summary: 'A console staff session with a role the route names; no customer session is read',
  },
};

export const isRouteAccess = (value: unknown): value is RouteAccess =>
  typeof value === 'string' && Object.hasOwn(ACCESS_LEVELS, value);

/** The session a request carries, as the session hook reads it (plugins/session.ts). */
export interface RequestSession {
  id: string;
  customerId: number;
  /** The profile the session is on; null until one is chosen (the account's first profile). */
  profileId: number | null;
  /** Whether that profile is a kids profile (decision 009). */
  isKidsProfile: boolean;
}

/** A signed-in caller: what a `customer` call's handler and services receive. */
export interface CustomerAuth {
  readonly sessionId: string;
  readonly customerId: number;
  readonly profileId: number | null;
  readonly isKidsProfile: boolean;
}

/** A signed-in caller off a kids profile: the type says the check was made. */
export interface AdultAuth extends CustomerAuth {
  readonly isKidsProfile: false;
}

/** Anyone: a visitor (`customer` null) or a signed-in caller. */
export interface VisitorAuth {
  readonly customer: CustomerAuth | null;
}

/** A call whose authority is the grant it carries: no session is read, so there is no customer. */
export interface GrantAuth {
  readonly customer: null;
}

/** The access object a handler of a contract endpoint receives, by its level. */
export type AuthOf<L extends EndpointAccess> = L extends 'adult'
  ? AdultAuth
  : L extends 'customer'
    ? CustomerAuth
    : L extends 'visitor'
      ? VisitorAuth
      : GrantAuth;

export function customerAuthOf(session: RequestSession): CustomerAuth {
  return {
    sessionId: session.id,
    customerId: session.customerId,
    profileId: session.profileId,
    isKidsProfile: session.isKidsProfile,
  };
}

/**
 * The access object of a call at `level`, or the refusal its caller gets: 11 without a session
 * (spec 1 §8; `visitorError` where the contract names another), 4 from a kids profile where the
 * call is for adults (decision 009). The one place a call is refused for who makes it.
 */
export function authOf<L extends EndpointAccess>(
  level: L,
  session: RequestSession | null,
  visitorError: ApiErrorNumber = ApiErrorNumber.AuthenticationFailed,
): AuthOf<L> {
  switch (level) {
    case 'visitor':
      return { customer: session && customerAuthOf(session) } as AuthOf<L>;
    case 'stream-grant':
      return { customer: null } as AuthOf<L>;
    default: {
      if (!session) throw apiError(visitorError);
      if (level === 'adult' && session.isKidsProfile) throw apiError(ApiErrorNumber.Forbidden);
      return customerAuthOf(session) as AuthOf<L>;
    }
  }
}
