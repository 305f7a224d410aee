import { ApiErrorNumber, isNotFoundError } from '@playz/domain';
import type { MessageKey } from './message-key';

/**
 * The user-facing message for an API error number, following spec 1 §8 "Account handling":
 * 11 -> login failed, 12 -> e-mail already registered, 14 -> password not valid, billing
 * failures -> payment error, anything else -> the generic message. Bad input (2, 3, 16) says what was wrong. The remaining rows are our
 * choice: not-found numbers -> 'Page non trouvée', 4 -> 'Contenu non autorisé', 5 -> 'Erreur
 * serveur' (never the internals), 13 -> invalid e-mail, 42 (customer token expired) -> 'Le lien
 * a expiré' since the token is the one of a reset link.
 */
export function apiErrorMessageKey(number: number): MessageKey {
  if (isNotFoundError(number)) return 'errors.notFound';
  switch (number) {
    case ApiErrorNumber.AuthenticationFailed:
      return 'validation.loginFailed';
    case ApiErrorNumber.EmailAlreadyExists:
      return 'validation.emailExists';
    case ApiErrorNumber.EmailNotValid:
      return 'validation.emailInvalid';
    case ApiErrorNumber.PasswordNotValid:
      return 'validation.passwordInvalid';
    case ApiErrorNumber.MissingParameter:
      return 'errors.missingParameter';
    case ApiErrorNumber.BadParameter:
      return 'errors.badParameter';
    case ApiErrorNumber.PlatformNotFound:
      return 'errors.platformNotFound';
    case ApiErrorNumber.Forbidden:
      return 'errors.forbidden';
    case ApiErrorNumber.InternalError:
      return 'errors.serverError';
    case ApiErrorNumber.CustomerTokenExpired:
      return 'errors.linkExpired';
    case ApiErrorNumber.ReceiptNotValid:
    case ApiErrorNumber.ProductNotFound:
    case ApiErrorNumber.BillingNotFound:
    case ApiErrorNumber.BillingTypeNotFound:
    case ApiErrorNumber.BillingParamsNotFound:
      return 'errors.billing';
    default:
      return 'errors.generic';
  }
}
