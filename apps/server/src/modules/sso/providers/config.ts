import { z } from 'zod';

/**
 * Each sign-on provider's settings (decision 078). A provider is on when its own settings are all
 * there; in the demo mode the stand-ins of apps/provider-sandbox fill the gaps (decision 047), with
 * the published keys below, which a production start refuses.
 */
const url = () => z.url({ protocol: /^https?$/ }).optional();
const text = () => z.string().min(1).optional();

export const ssoEnv = {
  /** Google: an OpenID Connect issuer (default Google's own) and the web client's id and secret. */
  SSO_GOOGLE_ISSUER: url(),
  SSO_GOOGLE_CLIENT_ID: text(),
  SSO_GOOGLE_CLIENT_SECRET: text(),
  /** Apple: the Services ID, the team, and the Sign in with Apple key (PKCS#8 PEM) that signs the client secret. */
  SSO_APPLE_ISSUER: url(),
  SSO_APPLE_CLIENT_ID: text(),
  SSO_APPLE_TEAM_ID: text(),
  SSO_APPLE_KEY_ID: text(),
  SSO_APPLE_PRIVATE_KEY: text(),
  /** Facebook: the app's id and secret, the Login dialog's and the Graph API's versioned bases. */
  SSO_FACEBOOK_CLIENT_ID: text(),
  SSO_FACEBOOK_CLIENT_SECRET: text(),
  SSO_FACEBOOK_DIALOG_URL: url(),
  SSO_FACEBOOK_GRAPH_URL: url(),
};

export interface GoogleSignOnConfig {
  id: 'google';
  name: 'Google';
  issuer: string;
  clientId: string;
  clientSecret: string;
}
export interface AppleSignOnConfig {
  id: 'apple';
  name: 'Apple';
  /** https://appleid.apple.com: the ID tokens' issuer, the client secret's audience, the endpoints' base. */
  issuer: string;
  clientId: string;
  teamId: string;
  keyId: string;
  privateKeyPem: string;
}
export interface FacebookSignOnConfig {
  id: 'facebook';
  name: 'Facebook';
  dialogUrl: string;
  graphUrl: string;
  appId: string;
  appSecret: string;
}
export type SsoProviderConfig = GoogleSignOnConfig | AppleSignOnConfig | FacebookSignOnConfig;

/** The client every stand-in knows (apps/provider-sandbox sign-on): published, refused in production. */
export const SANDBOX_CLIENT = { id: 'playz', secret: 'playz-sandbox-secret' };
export const SANDBOX_FACEBOOK_SECRET = 'playz-facebook-sandbox-secret';
export const SANDBOX_APPLE = {
  teamId: 'PLAYZTEAM1',
  keyId: 'SANDBOXKEY',
  // The Apple stand-in's published Sign in with Apple key; its public half is in apps/provider-sandbox.
  privateKeyPem: [
    '-----BEGIN PRIVATE KEY-----',
    'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgXNFvxkVpcjPzUx14',
    'xDM6Nlyesh21QzMQ6zKEun0n9lWhRANCAAQ6K3+7ioFUjP+OqbLjnrJTAWKPqNI8',
    'A6t/rrUBlh+0A5B0cHNvhB5fxtr/2F1RPlOjlGuYhKfpg1WclsTzuhHo',
    '-----END PRIVATE KEY-----',
  ].join('\n'),
};
/** Every published stand-in key of sign-on: a setting holding one stops a production start. */
export const ssoStandInSecrets = [
  SANDBOX_CLIENT.secret,
  SANDBOX_FACEBOOK_SECRET,
  'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgXNFvxkVpcjPzUx14',
];

/** A PEM given on one line with `\n` escapes (env files) is read as the PEM. */
const pem = (value: string) => value.replace(/\\n/g, '\n');

/**
 * The enabled providers. `sandboxUrl` is the stand-ins' base (SSO_SANDBOX_URL, or the local default
 * in the demo mode); null outside the demo mode, where only a provider's own settings count.
 */
export function ssoProvidersConfig(
  e: Record<string, string | undefined>,
  sandboxUrl: string | null,
): SsoProviderConfig[] {
  const sb = sandboxUrl?.replace(/\/$/, '') ?? null;
  const providers: SsoProviderConfig[] = [];
  const googleId = e.SSO_GOOGLE_CLIENT_ID ?? (sb ? SANDBOX_CLIENT.id : undefined);
  const googleSecret = e.SSO_GOOGLE_CLIENT_SECRET ?? (sb ? SANDBOX_CLIENT.secret : undefined);
  const googleIssuer = e.SSO_GOOGLE_ISSUER ?? (sb ? `${sb}/google` : 'https://accounts.google.com');
  if (googleId && googleSecret)
    providers.push({
      id: 'google',
      name: 'Google',
      issuer: googleIssuer,
      clientId: googleId,
      clientSecret: googleSecret,
    });

  const facebookId = e.SSO_FACEBOOK_CLIENT_ID ?? (sb ? SANDBOX_CLIENT.id : undefined);
  const facebookSecret = e.SSO_FACEBOOK_CLIENT_SECRET ?? (sb ? SANDBOX_FACEBOOK_SECRET : undefined);
  if (facebookId && facebookSecret)
    providers.push({
      id: 'facebook',
      name: 'Facebook',
      dialogUrl: (e.SSO_FACEBOOK_DIALOG_URL ?? (sb ? `${sb}/facebook` : 'https://www.facebook.com/v21.0')).replace(
        /\/$/,
        '',
      ),
      graphUrl: (e.SSO_FACEBOOK_GRAPH_URL ?? (sb ? `${sb}/facebook` : 'https://graph.facebook.com/v21.0')).replace(
        /\/$/,
        '',
      ),
      appId: facebookId,
      appSecret: facebookSecret,
    });

  const apple = {
    clientId: e.SSO_APPLE_CLIENT_ID ?? (sb ? SANDBOX_CLIENT.id : undefined),
    teamId: e.SSO_APPLE_TEAM_ID ?? (sb ? SANDBOX_APPLE.teamId : undefined),
    keyId: e.SSO_APPLE_KEY_ID ?? (sb ? SANDBOX_APPLE.keyId : undefined),
    privateKeyPem: e.SSO_APPLE_PRIVATE_KEY
      ? pem(e.SSO_APPLE_PRIVATE_KEY)
      : sb
        ? SANDBOX_APPLE.privateKeyPem
        : undefined,
  };
  if (apple.clientId && apple.teamId && apple.keyId && apple.privateKeyPem)
    providers.push({
      id: 'apple',
      name: 'Apple',
      issuer: (e.SSO_APPLE_ISSUER ?? (sb ? `${sb}/apple` : 'https://appleid.apple.com')).replace(/\/$/, ''),
      clientId: apple.clientId,
      teamId: apple.teamId,
      keyId: apple.keyId,
      privateKeyPem: apple.privateKeyPem,
    });
  // The order of App.singleSignOns, as before: Google, Facebook, Apple.
  return providers;
}

/**
 * A provider set only in part is a mistake worth a refusal, not a silent "off": an operator who
 * gave Apple's client id but no key would otherwise look for a missing button.
 */
export function ssoConfigProblems(e: Record<string, string | undefined>): string[] {
  const groups: Record<string, string[]> = {
    Google: ['SSO_GOOGLE_CLIENT_ID', 'SSO_GOOGLE_CLIENT_SECRET'],
    Apple: ['SSO_APPLE_CLIENT_ID', 'SSO_APPLE_TEAM_ID', 'SSO_APPLE_KEY_ID', 'SSO_APPLE_PRIVATE_KEY'],
    Facebook: ['SSO_FACEBOOK_CLIENT_ID', 'SSO_FACEBOOK_CLIENT_SECRET'],
  };
  return Object.entries(groups).flatMap(([name, settings]) => {
    const missing = settings.filter((s) => !e[s]);
    return missing.length > 0 && missing.length < settings.length
      ? [`${missing.join(', ')}: ${name} sign-on needs ${settings.join(', ')} together`]
      : [];
  });
}
