/**
 * Names a refusal (Number 4, or 30 for a store receipt) that is not about the item itself, so a client can show the right
 * screen; clients that do not know it still read a plain 4 (docs/decisions/018).
 */
export const ApiErrorReason = {
  /** Too many devices of the account are playing at once (spec 1 §6 devices-limit dialog). */
  DevicesLimitReached: 'DevicesLimitReached',
  /** The content is rated above what a kids profile may see (decision 059). */
  NotForKidsProfile: 'NotForKidsProfile',
  /** The content is rated at or above the account's parental threshold: ask for the code (decision 059). */
  ParentalCodeRequired: 'ParentalCodeRequired',
  /**
   * A store receipt (30) whose first term is the store's free trial, for an account that already
   * had the free period of that product (decision 072): the store's trial can be cancelled there.
   */
  TrialAlreadyUsed: 'TrialAlreadyUsed',
} as const;
export type ApiErrorReason = (typeof ApiErrorReason)[keyof typeof ApiErrorReason];
