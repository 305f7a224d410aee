/**
 * A username (Customer.userName, profile names) is 2 to 30 letters, digits, spaces, dots,
 * underscores or dashes, starting with a letter or digit. The spec names the error (41) but not
 * the rule; this one keeps names readable on every screen and free of markup.
 */
const USERNAME = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{1,29}$/u;

export function isValidUsername(value: string): boolean {
  return USERNAME.test(value);
}
