import { z } from 'zod';
import { STAFF_ROLE_NAMES, defineAdminEndpoint } from './admin-endpoint';
import { StaffMemberSchema } from './staff';

/** A staff member's passkey as the console lists it (decision 095); its key never leaves the server. */
export const StaffPasskeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type StaffPasskey = z.infer<typeof StaffPasskeySchema>;

/** WebAuthn options as `@simplewebauthn/browser` takes them (PublicKeyCredential*OptionsJSON). */
const WebAuthnOptions = z.record(z.string(), z.unknown());

/** A credential's answer as the browser library gives it (RegistrationResponseJSON, AuthenticationResponseJSON). */
const WebAuthnAnswer = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

export const staffPasskeySignInOptions = defineAdminEndpoint({
  method: 'POST',
  path: '/session/passkey/options',
  access: 'staff-sign-in',
  summary: 'Second step with a passkey: the challenge for the member’s passkeys (after the password)',
  response: z.object({ options: WebAuthnOptions }),
});

export const staffPasskeySignIn = defineAdminEndpoint({
  method: 'POST',
  path: '/session/passkey',
  access: 'staff-sign-in',
  summary: 'Second step with a passkey: the signed challenge; opens the console',
  body: z.object({ response: WebAuthnAnswer }),
  response: z.object({ staff: StaffMemberSchema }),
});

export const listPasskeys = defineAdminEndpoint({
  method: 'GET',
  path: '/passkeys',
  access: 'staff',
  roles: STAFF_ROLE_NAMES,
  summary: 'The signed-in member’s second factors: passkeys, and whether an authenticator app is enrolled',
  response: z.object({ passkeys: z.array(StaffPasskeySchema), totp: z.boolean(), available: z.boolean() }),
});

export const passkeyRegistrationOptions = defineAdminEndpoint({
  method: 'POST',
  path: '/passkeys/options',
  access: 'staff',
  roles: STAFF_ROLE_NAMES,
  summary: 'The challenge to register a new passkey for the signed-in member',
  response: z.object({ options: WebAuthnOptions }),
});

export const registerPasskey = defineAdminEndpoint({
  method: 'POST',
  path: '/passkeys',
  access: 'staff',
  roles: STAFF_ROLE_NAMES,
  summary: 'Registers the passkey that answered the challenge, under a name the member chose',
  body: z.object({ name: z.string().trim().min(1).max(60), response: WebAuthnAnswer }),
  response: z.object({ passkey: StaffPasskeySchema }),
});

export const removeTotp = defineAdminEndpoint({
  method: 'POST',
  path: '/security/totp/remove',
  access: 'staff',
  roles: STAFF_ROLE_NAMES,
  summary:
    'Removes the signed-in member’s authenticator app when a passkey remains (never the last second factor); audited',
  response: z.object({ totp: z.boolean(), passkeys: z.number().int() }),
});

export const removePasskey = defineAdminEndpoint({
  method: 'POST',
  path: '/passkeys/:id/remove',
  access: 'staff',
  roles: STAFF_ROLE_NAMES,
  summary: 'Removes one of the member’s passkeys (never the last second factor)',
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: z.object({ passkeys: z.array(StaffPasskeySchema) }),
});
