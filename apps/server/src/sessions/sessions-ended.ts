/**
 * Whose sessions just ended: one account's (some or all of them), or every account's (the
 * operator's breach response). The session repository tells its listeners, so state held per
 * session elsewhere (device leases, docs/decisions/018) goes at once without the accounts,
 * recovery and playback modules knowing each other.
 */
export type SessionsEndedScope = { customerId: number } | 'every-account';
export type SessionsEndedListener = (scope: SessionsEndedScope) => Promise<void>;
