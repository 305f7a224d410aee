import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { accountLinkSchema } from '../entities/account-link';

/*
 * Remote-control link codes (spec 2 §7 "Customer-linked calls used by playback": GET
 * /customer/remote/link, /check; /customer/remote/guest/link (host_device), /check; spec 1 §3
 * "Link codes for remote use: url, code, QR image, used, registered"; decision 034).
 *
 * A screen (TV) registered on the remote-control WebSocket shows a code and its QR image; a
 * phone that opens the code's `url` (or types the code) links to that screen:
 *   - /customer/remote/link: for the phones of the screen's own account (they also see the
 *     screen in their device list; the code spares them picking it);
 *   - /customer/remote/guest/link: for a logged phone of ANOTHER account (a visiting friend).
 *     Its /check answers a `grant` the phone hands to linkServerDevice; the grant opens that
 *     one screen to that one account for 12 hours, nothing else of the host account.
 * Codes are the link codes of decision 011 (8 characters, 10 minutes, single use, guesses
 * limited per address, HTTP 429 when over), kept apart from log-in codes: a remote code never
 * logs a TV in, a log-in code never links a phone.
 */

const codeQuery = z.object({ code: z.string().min(1).max(32) });

/** spec 1 §3 Remote-control device, as a phone sees a screen. */
const remoteScreenSchema = z.object({
  udid: z.string(),
  platform: z.string(),
  name: z.string(),
});

/** spec 1 §3 "used, registered": spent by this call, and whether the screen is connected now. */
const remoteLinkCheckSchema = z.object({
  used: z.boolean(),
  registered: z.boolean(),
  device: remoteScreenSchema,
});

/**
 * Screen side (session required, 11 without): a code for this screen, named by the common
 * parameter device_udid (2 when absent). 7 when no screen of the caller's account with that
 * udid is registered on the WebSocket.
 */
export const createRemoteLink = defineEndpoint({
  method: 'GET',
  path: '/customer/remote/link',
  access: 'customer',
  summary: "Screen: a link code and QR image for a phone of the screen's own account",
  tags: ['remote'],
  response: z.object({ Link: accountLinkSchema }),
  errors: [7, 11],
});

/**
 * Phone side (session required): spends a code of /customer/remote/link made by a screen of the
 * caller's own account and names the screen to link to. 7 for an unknown, expired or spent code,
 * and for a code of another account (it tells nothing about the other account).
 */
export const checkRemoteLink = defineEndpoint({
  method: 'GET',
  path: '/customer/remote/link/check',
  access: 'customer',
  summary: "Phone: spend a code of a screen of one's own account",
  tags: ['remote'],
  query: codeQuery,
  response: z.object({ Result: remoteLinkCheckSchema }),
  errors: [7, 11],
});

/**
 * Screen side (session required): a guest code for the screen `host_device`, which must be a
 * screen of the caller's account registered on the WebSocket (7 otherwise).
 */
export const createRemoteGuestLink = defineEndpoint({
  method: 'GET',
  path: '/customer/remote/guest/link',
  access: 'customer',
  summary: 'Screen: a guest link code and QR image for a phone of another account',
  tags: ['remote'],
  query: z.object({ host_device: z.string().min(1).max(128) }),
  response: z.object({ Link: accountLinkSchema }),
  errors: [7, 11],
});

/**
 * Phone side (session of any account): spends a guest code and answers the grant to send with
 * linkServerDevice. 7 for an unknown, expired or spent code.
 */
export const checkRemoteGuestLink = defineEndpoint({
  method: 'GET',
  path: '/customer/remote/guest/link/check',
  access: 'customer',
  summary: 'Phone: spend a guest code; answers the grant that lets this account drive that screen',
  tags: ['remote'],
  query: codeQuery,
  response: z.object({
    Result: remoteLinkCheckSchema.extend({ grant: z.string(), grantExpiresAt: z.string() }),
  }),
  errors: [7, 11],
});
