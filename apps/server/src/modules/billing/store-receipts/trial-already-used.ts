import { ApiErrorReason } from '@playz/api-contract';
import { ApiError, ApiErrorNumber } from '@playz/domain';
import { translate } from '@playz/i18n';

/**
 * A store receipt whose first term is the store's free trial, posted by an account that already
 * had the free period of that product (decision 072): 30 with Reason TrialAlreadyUsed and a
 * message in the viewer's language, saying the trial can be cancelled at the store without being
 * charged (the TV shows it as it comes).
 */
export class TrialAlreadyUsedError extends ApiError {
  readonly messageKey = 'errors.trialAlreadyUsed' as const;
  readonly reason = ApiErrorReason.TrialAlreadyUsed;

  constructor() {
    super(ApiErrorNumber.ReceiptNotValid, translate('fr', 'errors.trialAlreadyUsed'));
  }
}
