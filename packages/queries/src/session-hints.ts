/**
 * What the common parameters read at call time and the app changes while it runs: the
 * interface language and whether the customer is logged (spec 1 §7). Web and TV build their
 * common parameters from it; /data and the log-in hooks keep `loggedIn` up to date.
 */
export const sessionHints = {
  locale: 'fr',
  loggedIn: false,
};
