import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { accountLinkSchema, accountLinkStatusSchema, linkActionSchema } from '../entities/account-link';

/*
 * TV log-in and registration by link code (spec 1 §3 "Account link codes", §7 GET
 * /customer/account/link with /status, /data, /check; decision 011). The TV asks for a code and shows
 * it with a QR image of `url`; the phone opens `url` (`/customer/link?code=...`), logs in or
 * registers, then approves; the TV's next /status poll logs the TV in. Codes: 8 characters of
 * LINK_CODE_ALPHABET, 10 minutes, single use; typed codes are read case-insensitively with spaces
 * and dashes ignored. Guessing is limited per address (HTTP 429 when over).
 */

const codeQuery = z.object({ code: z.string().min(1).max(32) });

/** spec 1 §7 GET /customer/account/link (TV side). */
export const createAccountLink = defineEndpoint({
  method: 'GET',
  path: '/customer/account/link',
  access: 'visitor',
  summary: 'TV: get a link code and its QR image for log-in or registration on a phone',
  tags: ['accounts', 'link'],
  query: z.object({ action: linkActionSchema }),
  response: z.object({ Link: accountLinkSchema }),
});

/** TV side poll (every few seconds). 7 when the code is unknown, expired or already spent. */
export const getAccountLinkStatus = defineEndpoint({
  method: 'GET',
  path: '/customer/account/link/status',
  access: 'visitor',
  summary: 'TV: has the phone approved the code; the approved poll logs the TV in',
  tags: ['accounts', 'link'],
  query: codeQuery,
  response: z.object({ Status: accountLinkStatusSchema }),
  errors: [7],
});

/**
 * Phone side, when the page opens: can this code still be approved, and for which action
 * (register shows the registration form first, login the log-in form).
 */
export const checkAccountLink = defineEndpoint({
  method: 'GET',
  path: '/customer/account/link/check',
  access: 'visitor',
  summary: 'Phone: is the code valid and what did the TV ask for',
  tags: ['accounts', 'link'],
  query: codeQuery,
  response: z.object({ Result: z.boolean(), Action: linkActionSchema.nullable() }),
});

/**
 * Phone side, logged in (4 when not): the TV's next poll logs it into this account. 7 for a dead
 * code. `data` (optional) is the note of /data below, attached in the same step (3 when it is not
 * a JSON object).
 */
export const approveAccountLink = defineEndpoint({
  method: 'POST',
  path: '/customer/account/link/approve',
  access: 'customer',
  visitorError: 4,
  summary: 'Phone: approve the code with the logged account',
  tags: ['accounts', 'link'],
  body: codeQuery.extend({ data: z.string().max(2048).optional() }),
  response: z.object({ Success: z.literal(true) }),
  errors: [4, 7],
});

/**
 * spec 1 §7 companion /data (code, data json): the logged phone hands the TV a small JSON object
 * (at most 2 KB, e.g. {"requested_url": "/content/12/x", "locale": "nl"}) that the TV reads in
 * Status.data, so it can open where the phone was. Only after this account approved the code
 * (decision 011): 4 when not logged or not yet approved, 7 when another account approved it or the
 * code is dead; 3 when data is not a JSON object.
 */
export const setAccountLinkData = defineEndpoint({
  method: 'GET',
  path: '/customer/account/link/data',
  access: 'customer',
  visitorError: 4,
  summary: 'Phone: attach a small JSON object for the TV to read with the status',
  tags: ['accounts', 'link'],
  query: z.object({ code: z.string().min(1).max(32), data: z.string().max(2048) }),
  response: z.object({ Success: z.literal(true) }),
  errors: [4, 7],
});
