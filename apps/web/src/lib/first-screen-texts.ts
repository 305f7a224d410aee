/**
 * The texts a first visit's screens need, the only ones in the entry chunk (decision 122): the
 * landing, the home page, log-in, the error pages, the top menu, the footer and the dialogs the root
 * layout opens. Every other screen's texts come with its lazy route (`loadScreenTexts`, before it
 * renders). A name is a whole namespace (`landing`) or a part of one (`remote.phone`); a plural's
 * forms (`x_one`, `x_other`) go with their key. `first-screen-texts.test.ts` fails when a module of
 * the entry's static graph names a key outside this list.
 */
export const FIRST_SCREEN_TEXTS: readonly string[] = [
  'account',
  'carousel',
  'common',
  'consent',
  'cookies',
  'devicePlaces',
  'dialogs',
  'errors',
  'explore',
  'footer',
  'home',
  'landing',
  'login',
  'logout',
  'menu',
  'player.play',
  'player.ratingBadge',
  'profiles.leaveKidsMessage',
  'profiles.leaveKidsTitle',
  'profiles.switched',
  'profiles.switcher',
  'recovery',
  'register',
  'remote.phone',
  'search.open',
  'validation',
];

/** Texts the web never shows (the TV app's, the mails', SMS and the set-top box's): in no web chunk. */
export const NOT_WEB_TEXTS: readonly string[] = ['mail', 'setTopErrors', 'sms', 'tv'];

export interface TextTree {
  [key: string]: string | TextTree;
}

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/**
 * The part of a catalogue a chunk carries: `first` the subtrees `FIRST_SCREEN_TEXTS` names,
 * `screens` the rest of what the web shows. The two parts merged deeply give the web's catalogue.
 */
export function splitTexts(catalogue: TextTree, part: 'first' | 'screens', first = FIRST_SCREEN_TEXTS): TextTree {
  const pick = (node: TextTree, prefix: string): TextTree => {
    const kept: TextTree = {};
    for (const [key, value] of Object.entries(node)) {
      const name = prefix ? `${prefix}.${key}` : key;
      if (!prefix && NOT_WEB_TEXTS.includes(key)) continue;
      const named =
        first.includes(name) || (typeof value === 'string' && first.includes(name.replace(PLURAL_FORM, '')));
      const partly = !named && typeof value !== 'string' && first.some((path) => path.startsWith(`${name}.`));
      if (partly) {
        const inner = pick(value, name);
        if (Object.keys(inner).length > 0) kept[key] = inner;
      } else if (named === (part === 'first')) kept[key] = value;
    }
    return kept;
  };
  return pick(catalogue, '');
}

/** Two parts back into one catalogue (a deep merge; `b` wins on a leaf both hold). */
export function mergeTexts(a: TextTree, b: TextTree): TextTree {
  const merged: TextTree = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const existing = merged[key];
    merged[key] =
      typeof value !== 'string' && existing !== undefined && typeof existing !== 'string'
        ? mergeTexts(existing, value)
        : value;
  }
  return merged;
}
