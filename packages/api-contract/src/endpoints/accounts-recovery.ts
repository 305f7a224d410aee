import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/*
 * Recovery calls of spec 1 §7 (forgot password, forgot login) and the password-reset screen's
 * calls (spec 1 §2 "/customer/change-password reading a query parameter secret", §4 loading /
 * valid / expired / not-found). Too many attempts answer HTTP 429 (lib/too-many-attempts).
 */

/**
 * spec 1 §7 GET /customer/forgot-password. Always `{Result: true}` for a valid e-mail, whether or
 * not it has an account (the answer never tells); a mail with a single-use link
 * `/customer/change-password?secret=...` (20 minutes) goes to the account when there is one.
 */
export const forgotPassword = defineEndpoint({
  method: 'GET',
  path: '/customer/forgot-password',
  access: 'visitor',
  summary: 'Send a password-reset link by e-mail (answer never reveals whether the e-mail exists)',
  tags: ['accounts', 'recovery'],
  query: z.object({ email: z.string().max(254) }),
  response: z.object({ Result: z.literal(true) }),
  errors: [13],
});

/**
 * The reset screen's first call: 'valid' shows the form, 'expired' the "Le lien a expiré" page.
 * An unknown, used, superseded or timed-out secret is 'expired' (one page for all of them).
 */
export const checkPasswordSecret = defineEndpoint({
  method: 'GET',
  path: '/customer/password/check',
  access: 'visitor',
  summary: 'Is a password-reset secret still usable',
  tags: ['accounts', 'recovery'],
  query: z.object({ secret: z.string().max(128) }),
  response: z.object({ Status: z.enum(['valid', 'expired']) }),
});

/**
 * Sets a new password from the reset link. 14 when the password is too short or the confirmation
 * differs; 42 (customer token expired) when the secret is unknown, used or expired. Every session
 * of the account ends; the secret dies.
 */
export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/customer/password/reset',
  access: 'visitor',
  summary: 'Set a new password with the secret of a reset link; all sessions of the account end',
  tags: ['accounts', 'recovery'],
  body: z.object({
    secret: z.string().max(128),
    password: z.string().max(1024),
    password_confirm: z.string().max(1024),
  }),
  response: z.object({ Success: z.literal(true) }),
  errors: [14, 42],
});

/**
 * spec 1 §7 GET /customer/forgot-login. `{Result: true}`: an SMS with the login went to that
 * number; `{Result: false}`: no account has that number (spec 1 §7, §8: the screen shows the
 * unknown-number message and the help contact). msisdn is a French mobile (3 when not);
 * operator_id is the dropdown's 1..5 (0 or absent = none chosen: 2).
 */
export const forgotLogin = defineEndpoint({
  method: 'GET',
  path: '/customer/forgot-login',
  access: 'visitor',
  summary: 'Send the login by SMS to a mobile number',
  tags: ['accounts', 'recovery'],
  query: z.object({
    msisdn: z.string().max(32),
    operator_id: z.coerce.number().int().min(0).max(5),
  }),
  response: z.object({ Result: z.boolean() }),
});
