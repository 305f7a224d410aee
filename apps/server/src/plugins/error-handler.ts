import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ApiErrorNumber, apiErrorMessage, httpStatusForError } from '@playz/domain';
import type { ApiErrorReason, Envelope } from '@playz/api-contract';
import { translate, type MessageKey } from '@playz/i18n';
import { localizedApiMessage } from '../lib/api-message';
import { earlyLocale } from './common-params';

export function errorEnvelope(
  number: number,
  locale: string,
  message?: string,
  reason?: ApiErrorReason,
): Envelope<null> {
  const Message = message ?? localizedApiMessage(number, locale);
  return { Response: null, Error: reason ? { Number: number, Message, Reason: reason } : { Number: number, Message } };
}

function hasMessageKey(error: ApiError): error is ApiError & { messageKey: MessageKey } {
  return typeof (error as { messageKey?: unknown }).messageKey === 'string';
}

/** A refusal that names why (docs/decisions/018: DevicesLimitReached). */
function hasReason(error: ApiError): error is ApiError & { reason: ApiErrorReason } {
  return typeof (error as { reason?: unknown }).reason === 'string';
}

function hasRetryAfter(error: ApiError): error is ApiError & { retryAfterSeconds: number } {
  return typeof (error as { retryAfterSeconds?: unknown }).retryAfterSeconds === 'number';
}

/** Fastify's own errors for malformed requests: the client's fault, so 3 (bad parameter), not 5. */
function isClientFault(error: FastifyError): boolean {
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 500;
}

/**
 * One place turns every failure into the envelope (CONVENTIONS 4): catalogue errors keep their
 * number; malformed input becomes 3; anything else is 5 with no internals shown, and is logged.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = earlyLocale(request);
    if (error instanceof ApiError) {
      // A message other than the catalogue's own was written for the viewer; keep it, or
      // translate it when the error names its message key (TooManyAttemptsError).
      const custom = hasMessageKey(error)
        ? translate(locale, error.messageKey)
        : error.message !== apiErrorMessage(error.number)
          ? error.message
          : undefined;
      // Rate-limit refusals say when to come back (HTTP 429, lib/too-many-attempts.ts).
      if (hasRetryAfter(error)) reply.header('retry-after', String(error.retryAfterSeconds));
      const reason = hasReason(error) ? error.reason : undefined;
      return reply.status(error.status).send(errorEnvelope(error.number, locale, custom, reason));
    }
    if (isClientFault(error)) {
      request.log.info({ err: error.message, code: error.code }, 'rejected malformed request');
      const number = ApiErrorNumber.BadParameter;
      // A body past its route's limit, unread: 3 with 413, as a picture past its cap (decision 115).
      const status = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 413 : httpStatusForError(number);
      return reply.status(status).send(errorEnvelope(number, locale));
    }
    request.log.error({ err: error }, 'unexpected failure');
    const number = ApiErrorNumber.InternalError;
    return reply.status(httpStatusForError(number)).send(errorEnvelope(number, locale));
  });
}
