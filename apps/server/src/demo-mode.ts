/**
 * What only the demo mode may do (decision 047). The stand-ins accept a published test card, keys
 * written in this repository and receipts they mint themselves: in a real deployment any one of
 * them is a free subscription. So a start outside the demo mode names every setting that would
 * bring one back, and refuses to start until it is gone.
 */

/** Settings that turn a stand-in on, with why each is refused outside the demo mode. */
const DEMO_ONLY_SETTINGS: Record<string, (value: string) => string | null> = {
  BILLING_SANDBOX: (v) => (v === '1' ? 'the payment stand-ins under /sandbox take published test cards' : null),
  BILLING_DUMMY: (v) => (v === '1' ? 'the Dummy store accepts any receipt without a payment' : null),
  SSO_SANDBOX_URL: () => 'the sign-on stand-in signs anyone in with published passwords',
};

/**
 * Settings a real deployment must state rather than inherit a default that suits a demo: a card
 * processor left in its TEST mode takes its published test cards as payment.
 */
const MUST_BE_STATED: [when: string, setting: string, why: string][] = [
  ['CARD_GATEWAY_URL', 'CARD_MODE', 'a processor in TEST mode takes its published test cards as payment'],
];

/** The placeholder deploy/playz.env.example writes where a secret of the operator's own belongs. */
const PLACEHOLDER = /change-me/i;

/**
 * Every problem of a start outside the demo mode, one line per setting (the ConfigError format):
 * stand-in switches, stand-in keys, placeholder secrets. Values are never echoed: they may be
 * real secrets next to the bad one.
 */
export function settingsOnlyADemoMayUse(env: Record<string, string | undefined>, standInSecrets: string[]): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value === '') continue;
    const demoOnly = DEMO_ONLY_SETTINGS[name]?.(value);
    if (demoOnly) problems.push(`${name}: ${demoOnly}; it is allowed only with PLAYZ_DEMO=1 (a demonstration)`);
    else if (PLACEHOLDER.test(value))
      problems.push(`${name}: still the placeholder "change-me" of deploy/playz.env.example; set a secret of your own`);
    else if (standInSecrets.some((secret) => value.includes(secret)))
      problems.push(`${name}: a key published with the stand-ins in this repository; use the provider's own`);
  }
  for (const [when, setting, why] of MUST_BE_STATED)
    if (env[when] && !env[setting])
      problems.push(`${setting}: must be set (TEST or PRODUCTION) with ${when} outside the demo mode: ${why}`);
  return problems;
}
