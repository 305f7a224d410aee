import { DIRECT_PASS_SANDBOX } from '../../src/modules/billing/providers/direct-pass/config';
import { signBody } from '../../src/modules/billing/providers/direct-pass/signature';

/**
 * Posts a notification to the server as the operator's gateway does: JSON, signed with the time of
 * this sending (a retry is signed again), by default with the gateway stand-in's secret.
 */
export function postDirectPassNotification(
  baseUrl: string,
  payload: object,
  secret: string = DIRECT_PASS_SANDBOX.secret,
): Promise<Response> {
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(Date.now() / 1000);
  return fetch(`${baseUrl}/billing/callbacks/direct-pass`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-timestamp': String(timestamp),
      'x-signature': signBody(secret, timestamp, body),
    },
    body,
  });
}
