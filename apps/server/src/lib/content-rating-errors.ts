import { ApiErrorReason } from '@playz/api-contract';
import { ApiError, ApiErrorNumber } from '@playz/domain';
import { translate } from '@playz/i18n';

/**
 * A content rated above what a kids profile may see (decision 059): 4 (forbidden, HTTP 403) as
 * any refusal, with Reason NotForKidsProfile and a message in the viewer's language, so an app
 * says why instead of offering to subscribe.
 */
export class NotForKidsProfileError extends ApiError {
  readonly messageKey = 'errors.notForKidsProfile' as const;
  readonly reason = ApiErrorReason.NotForKidsProfile;

  constructor() {
    super(ApiErrorNumber.Forbidden, translate('fr', 'errors.notForKidsProfile'));
  }
}

/**
 * A content rated at or above the account's parental threshold, asked without a valid proof of
 * the parental code (decision 059): 4 with Reason ParentalCodeRequired, so the player asks for
 * the code and asks again with the proof its check gave.
 */
export class ParentalCodeRequiredError extends ApiError {
  readonly messageKey = 'errors.parentalCodeRequired' as const;
  readonly reason = ApiErrorReason.ParentalCodeRequired;

  constructor() {
    super(ApiErrorNumber.Forbidden, translate('fr', 'errors.parentalCodeRequired'));
  }
}

/** The stream call's error for a live programme a grant's viewer may not see (decision 082). */
export function liveRatingError(reason: 'NotForKidsProfile' | 'ParentalCodeRequired'): ApiError {
  return reason === 'NotForKidsProfile' ? new NotForKidsProfileError() : new ParentalCodeRequiredError();
}
