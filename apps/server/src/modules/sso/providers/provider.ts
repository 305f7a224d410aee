import type { SsoProviderId } from '@playz/api-contract';

/**
 * One social sign-on provider behind the service (decision 078). Each speaks its own protocol:
 * Google is OpenID Connect with PKCE and nonce, Apple posts its answer back (form_post) and wants a
 * signed client secret, Facebook is OAuth 2 plus the Graph API. The service keeps what they share:
 * the state bound to the browser, the account keyed on (provider, subject), the session.
 */
export interface SignOnProvider {
  id: SsoProviderId;
  /** Customer.loggedWith and App.singleSignOns name. */
  name: string;
  /** App.singleSignOns appID: what a native app's SDK is configured with. */
  clientId: string;
  /** Where the provider's answer arrives: the query of a GET, or the body of a POST (Apple). */
  responseMode: 'query' | 'form_post';
  /** Origins allowed to post the answer (form_post only): the provider's own pages. */
  postOrigins: string[];
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /** The provider's answer (query or posted form) to an identity; throws when anything fails a check. */
  completeSignOn(answer: URLSearchParams, request: AuthorizationRequest): Promise<ProviderIdentity>;
  /** A token a native app got from the provider's SDK for our client (spec 1 §7 sso_id). */
  verifyNativeToken(token: string): Promise<ProviderIdentity>;
  /** Takes back what the person granted us (account deletion, decision 079). */
  revokeGrant(grant: { subject: string; revokeToken: string | null }): Promise<void>;
  /**
   * A notice the provider posts to us on its own (decision 086): Apple's server-to-server
   * notifications, Facebook's data-deletion request. Checks its signature; throws when it fails;
   * null for a well-signed notice of a kind nothing is done for. Absent for a provider that sends
   * none (Google).
   */
  readNotice?(body: Record<string, unknown>): Promise<ProviderNotice | null>;
}

/**
 * What a provider told us about one person (decision 086). `account-delete`: the person deleted
 * their account at the provider (Apple) or asked that what we got from the provider be deleted
 * (Facebook's data-deletion request).
 */
export type ProviderNoticeEvent = 'email-disabled' | 'email-enabled' | 'consent-revoked' | 'account-delete';

export interface ProviderNotice {
  /** The provider's own id of the notice (Apple's jti; Facebook's user and issue time): kept once. */
  id: string;
  subject: string;
  event: ProviderNoticeEvent;
  /** When the provider says it happened. */
  at: Date;
  /** Whether the provider waits for a confirmation code and a status page (Facebook). */
  wantsConfirmation: boolean;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface ProviderIdentity {
  subject: string;
  /** The address the provider gives (an Apple private relay address is one too); null when none. */
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  /** What revokes the grant later (a refresh token), when the provider needs one. */
  revokeToken: string | null;
}

/** A provider said no (wrong proof, bad token, refused code): the message is for the log only. */
export class ProviderRefusal extends Error {}

export const trimmedText = (value: unknown, max = 100): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;
