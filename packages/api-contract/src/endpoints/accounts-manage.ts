import { z } from 'zod';
import {
  ALERT_TYPES,
  consentSchema,
  customerSchema,
  deviceSchema,
  profilePictureSchema,
  profileSchema,
} from '../entities/customer';
import { defineEndpoint } from '../endpoint';

// Account management calls of spec 1 §7. Posts are form-encoded, so flags are the
// strings '0' / '1'. Every call that needs a logged customer answers 11 (HTTP 401) to a visitor.
// A refusal by a rate limit is Error.Number 4 with HTTP 429 and a Retry-After header.

const flag = z.enum(['0', '1']);
const looseFlag = z.enum(['0', '1', 'true', 'false']);
const customerResponse = z.object({ Customer: customerSchema });

/** spec 1 §7: does an account use this login? Rate limited per address like register (12). */
export const checkLogin = defineEndpoint({
  method: 'GET',
  path: '/customer/check-login',
  access: 'visitor',
  summary: 'Whether a login is already registered (rate limited)',
  tags: ['accounts'],
  query: z.object({ login: z.string().max(254) }),
  response: z.object({ Exists: z.boolean() }),
  errors: [4, 13],
});

/**
 * spec 1 §7 POST /customer/register. Answers the new Customer, logged in with a new session (the
 * web gets the session cookie, devices the x-playz-token header). 12 "already exists" is the one
 * answer that reveals an account; the call is rate limited per login and per address (4, HTTP 429).
 * Social registration: sso_source (google, facebook, apple) and sso_id, an ID token that provider
 * issued to our client id, instead of login and password; 17 when the token fails its checks, 18
 * for an unknown provider, 19 when that provider account already has an account (decision 012).
 */
export const register = defineEndpoint({
  method: 'POST',
  path: '/customer/register',
  access: 'visitor',
  summary: 'Register with e-mail and password, then log in',
  tags: ['accounts'],
  body: z.object({
    /** Required unless sso_source is given (2 when absent). */
    login: z.string().max(254).optional(),
    password: z.string().max(1024).optional(),
    password_confirm: z.string().max(1024).optional(),
    /**
     * Optional; 3 to 32 letters, digits or dashes, any case (else 3). A code that does not exist
     * or has expired is 7 and nothing is created (decision 019). A valid code opens its demo
     * campaign: Customer.demoCampaign and Customer.promoCode.
     */
    promo_code: z.string().max(64).optional(),
    /** Optional; when given, exactly 4 digits (else 3). */
    parental_code: z.string().max(16).optional(),
    optin: looseFlag.optional(),
    sso_source: z.string().max(32).optional(),
    sso_id: z.string().max(8192).optional(),
    email: z.string().max(254).optional(),
    firstname: z.string().max(100).optional(),
    lastname: z.string().max(100).optional(),
  }),
  response: z.object({ Customer: customerSchema, Result: z.number().int() }),
  errors: [4, 7, 12, 13, 14, 17, 18, 19],
});

/**
 * spec 1 §7 GET /customer/delete: the account, all its sessions, devices, profiles, history and
 * favourites go; billing records are kept without personal data (docs/decisions/009).
 * Refused (4) from a kids profile and for cross-site navigations.
 */
export const deleteAccount = defineEndpoint({
  method: 'GET',
  path: '/customer/delete',
  access: 'adult',
  summary: 'Delete the account and end all its sessions',
  tags: ['accounts'],
  response: z.object({ Success: z.boolean() }),
  errors: [4, 11],
});

/**
 * spec 1 §7 POST /customer/edit: any subset of the fields. Login, names and password only for
 * accounts with the product's own login (else 4). A new login or password needs
 * `current_password` (decision 032, ASVS V6): 2 when missing, 14 when wrong (after the new values are
 * checked, so 14 with a valid new password means the current one), counted per account and
 * address like log-in (decision 032, HTTP 429 past it); an account without a password needs a
 * sign-in of the last 10 minutes instead (42). A new password ends every OTHER session of the
 * account. Changing an existing parental code needs `currentParentalCode` (4 when wrong, counted
 * by the parental-code lockout), and so does raising `parental_threshold` (decision 059: the lowest
 * rating that asks for the code; 3 for a value off the scale). phone_number and address '' clear them. Newsletter opt-out is
 * `optin=0`. Refused (4) from a kids profile.
 */
export const editCustomer = defineEndpoint({
  method: 'POST',
  path: '/customer/edit',
  access: 'adult',
  summary: 'Edit the account (login, names, password, phone, address, parental code, optin)',
  tags: ['accounts'],
  body: z.object({
    login: z.string().max(254).optional(),
    username: z.string().max(64).optional(),
    gender: z.string().max(32).optional(),
    firstname: z.string().max(100).optional(),
    lastname: z.string().max(100).optional(),
    optin: looseFlag.optional(),
    phone_number: z.string().max(32).optional(),
    address: z.string().max(500).optional(),
    /**
     * Beyond the spec's fields (decision 058 addendum): the Customer's dateOfBirth, YYYY-MM-DD, a
     * real day not after today (3 otherwise); '' clears it.
     */
    date_of_birth: z.string().max(10).optional(),
    parentalCode: z.string().max(16).optional(),
    currentParentalCode: z.string().max(16).optional(),
    /** Beyond the spec (decision 059): 10, 12, 16 or 18; raising it needs currentParentalCode. */
    parental_threshold: z.string().max(4).optional(),
    password: z.string().max(1024).optional(),
    password_confirm: z.string().max(1024).optional(),
    current_password: z.string().max(1024).optional(),
  }),
  response: customerResponse,
  errors: [3, 4, 11, 12, 13, 14, 40, 41, 42],
});

/**
 * spec 1 §7 POST /customer/edit/profile. With customer_profile_uuid: edits that profile; without:
 * creates a profile (at most 5). The first profile of an account cannot be a kids profile (3).
 * From a kids profile only that profile's picture and name may change (else 4).
 */
export const editProfile = defineEndpoint({
  method: 'POST',
  path: '/customer/edit/profile',
  access: 'customer',
  summary: 'Create or edit a profile (name, picture, kids)',
  tags: ['accounts'],
  body: z.object({
    customer_profile_uuid: z.string().max(64).optional(),
    profile_picture_id: z
      .string()
      .regex(/^\d{1,9}$/)
      .optional(),
    username: z.string().max(64).optional(),
    is_kids: flag.optional(),
  }),
  response: z.object({ Profile: profileSchema, Customer: customerSchema }),
  errors: [3, 4, 7, 11, 40, 41],
});

/** Removes a profile other than the first (beyond the spec: profiles can be created). */
export const deleteProfile = defineEndpoint({
  method: 'POST',
  path: '/customer/profile/delete',
  access: 'adult',
  summary: 'Delete a profile (not the first one)',
  tags: ['accounts'],
  body: z.object({ customer_profile_uuid: z.string().max(64) }),
  response: customerResponse,
  errors: [4, 7, 11],
});

/**
 * Makes a profile the current one of this session (Customer.currentProfileIndex). Leaving a kids
 * profile needs the parental code when the account has one (`code`; wrong: 4, counted by the
 * parental-code lockout).
 */
export const switchProfile = defineEndpoint({
  method: 'POST',
  path: '/customer/profile/switch',
  access: 'customer',
  summary: 'Use another profile on this device (kids profiles are locked by the parental code)',
  tags: ['accounts'],
  body: z.object({ customer_profile_uuid: z.string().max(64), code: z.string().max(16).optional() }),
  response: customerResponse,
  errors: [4, 7, 11],
});

/** spec 1 §7 GET /profile-pictures: the pictures a profile can use (public). */
export const getProfilePictures = defineEndpoint({
  method: 'GET',
  path: '/profile-pictures',
  access: 'visitor',
  summary: 'Pictures a profile can use',
  tags: ['accounts'],
  response: z.object({ ProfilePictures: z.array(profilePictureSchema) }),
});

/**
 * spec 1 §7 POST /customer/edit/alert. delta_time in minutes (0 to 10080), kept when omitted.
 * The Newsletter alert's `enabled` is the customer's optin.
 */
export const editAlert = defineEndpoint({
  method: 'POST',
  path: '/customer/edit/alert',
  access: 'customer',
  summary: 'Turn an alert (LiveEvent, Newsletter) on or off',
  tags: ['accounts'],
  body: z.object({
    alert_type: z.enum(ALERT_TYPES),
    delta_time: z
      .string()
      .regex(/^\d{1,5}$/)
      .optional(),
    enabled: flag,
  }),
  response: z.object({ Result: z.boolean() }),
  errors: [3, 11],
});

/**
 * Compares a code with the customer's stored parental code (docs/decisions/003). After 5 wrong
 * codes in 15 minutes every check is refused (4, HTTP 429, Retry-After), the right code too,
 * until the window ends. Valid is false when no code is set. A wrong code is Valid false. Given
 * content_id, a right code also answers the proof that plays that content (decision 059).
 */
export const checkParentalCode = defineEndpoint({
  method: 'POST',
  path: '/customer/parental-code/check',
  access: 'customer',
  summary: 'Check the parental code (with lockout)',
  tags: ['accounts'],
  body: z.object({
    code: z.string().max(16),
    /** Beyond the spec (decision 059): the content the code is given for, to get its proof. */
    content_id: z.coerce.number().int().positive().max(999_999_999).optional(),
  }),
  response: z.object({
    Valid: z.boolean(),
    /**
     * With content_id and a right code: the proof the stream calls of that content take as
     * `parental_proof`, from this session, until expiresAt (decision 059).
     */
    ParentalProof: z.object({ proof: z.string(), expiresAt: z.string() }).optional(),
  }),
  errors: [3, 4, 11],
});

/**
 * Forgotten parental code (decision 019): sets a new code without the old one. Accounts with a
 * password confirm it (`password`; wrong: 14, counted with log-in's attempts, then 4 with HTTP
 * 429). Social accounts have no password: the session must have started in the last 10 minutes,
 * i.e. the customer just signed in again with the provider (else 42). Allowed from a kids
 * profile: the password already lets anyone leave it by signing in again. A right answer lifts
 * the parental-code lockout.
 */
export const resetParentalCode = defineEndpoint({
  method: 'POST',
  path: '/customer/parental-code/reset',
  access: 'customer',
  summary: 'Set a new parental code after confirming the account password',
  tags: ['accounts'],
  body: z.object({
    /** Required for accounts with a password of their own. */
    password: z.string().max(1024).optional(),
    /** The new code: exactly 4 digits (else 3). */
    code: z.string().max(16),
  }),
  response: customerResponse,
  errors: [3, 4, 11, 14, 42],
});

/**
 * spec 1 §7 GET /customer/domain-mailbox: the mailbox on the service's own domain of an
 * operator-billing account. Password is the generated one, null once the customer changed the
 * account password. 7 when the account has no domain mailbox.
 */
export const getDomainMailbox = defineEndpoint({
  method: 'GET',
  path: '/customer/domain-mailbox',
  access: 'customer',
  summary: "The account's mailbox on the service domain and its generated password",
  tags: ['accounts'],
  response: z.object({ Login: z.string(), Password: z.string().nullable() }),
  errors: [7, 11],
});

/** spec 1 §7 GET /customer/active-devices: devices with a live session, this one flagged. */
export const getActiveDevices = defineEndpoint({
  method: 'GET',
  path: '/customer/active-devices',
  access: 'customer',
  summary: 'Devices where the account is signed in',
  tags: ['accounts'],
  response: z.object({ Devices: z.array(deviceSchema) }),
  errors: [11],
});

/** Signs one device out: every session of that device ends (7 when not one of the account's). */
export const logOutDevice = defineEndpoint({
  method: 'POST',
  path: '/customer/device/logout',
  access: 'adult',
  summary: 'Sign one device out',
  tags: ['accounts'],
  body: z.object({ device_id: z.string().max(64) }),
  response: z.object({ Success: z.boolean() }),
  errors: [4, 7, 11],
});

/**
 * "Sign out everywhere" (decision 009, beyond the spec): ends every session of the account except
 * this one; SignedOut says how many ended.
 */
export const logOutOthers = defineEndpoint({
  method: 'POST',
  path: '/customer/logout/others',
  access: 'adult',
  summary: 'Sign out every other device and browser',
  tags: ['accounts'],
  body: z.object({}),
  response: z.object({ Success: z.boolean(), SignedOut: z.number().int() }),
  errors: [4, 11],
});

/** spec 1 §7 GET /customer/token/check: is this device bearer token still valid? 42 if not. */
export const checkToken = defineEndpoint({
  method: 'GET',
  path: '/customer/token/check',
  access: 'visitor',
  summary: 'Whether a device token is still valid',
  tags: ['accounts'],
  query: z.object({ token: z.string().max(256) }),
  response: z.object({ Success: z.boolean() }),
  errors: [42],
});

/**
 * spec 1 §7 GET /customer/eligibility/check: 1 when the customer (cuid = Customer.UID) may start
 * a free trial, i.e. never had a subscription; 0 otherwise; -1 when cuid is missing or unknown
 * (docs/decisions/010).
 */
export const checkEligibility = defineEndpoint({
  method: 'GET',
  path: '/customer/eligibility/check',
  access: 'visitor',
  summary: 'Free-trial eligibility of a customer id',
  tags: ['accounts'],
  query: z.object({ cuid: z.string().max(64).optional() }),
  response: z.object({ Eligibility: z.number().int() }),
});

/**
 * Stores the cookie choice on the account (spec 3 §4, decision 015) so it follows the customer.
 * cookie_type_ids: comma list of accepted Cookie type ids ('' = only the mandatory ones, which
 * are always added). Unknown id: 3.
 */
export const saveConsent = defineEndpoint({
  method: 'POST',
  path: '/customer/consent',
  access: 'customer',
  summary: "Save the customer's cookie choices on the account",
  tags: ['accounts'],
  body: z.object({ cookie_type_ids: z.string().max(256) }),
  response: z.object({ Consent: consentSchema }),
  errors: [3, 11],
});
