/** Longer return paths are refused rather than cut (a cut path is another page). */
export const SAFE_RETURN_PATH_MAX_LENGTH = 2048;

// C0 controls, DEL and the backslash: URL parsers drop tabs and new lines and read "\" as "/",
// so "/\t/evil.com" and "/\\evil.com" become "//evil.com", another site.
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

function decodedOnce(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * Where a viewer may be sent back to after log-in, sign-on or payment (spec 1 §2 and spec 3 §2
 * "requested_url"): a path of this site, or null. One rule for the server (billing, sign-on) and
 * the web app, so no check is looser than another. Refused: anything not starting with one "/"
 * ("https://x", "//x", "/\x"); control characters and backslashes, raw or percent-encoded once
 * ("/%09/evil.com" reaches a browser as "/\t/evil.com" when a layer decodes it); more than
 * SAFE_RETURN_PATH_MAX_LENGTH characters.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > SAFE_RETURN_PATH_MAX_LENGTH) return null;
  const decoded = decodedOnce(value);
  if (decoded === null) return null;
  for (const form of [value, decoded]) {
    if (!form.startsWith('/') || form.startsWith('//') || hasUnsafeCharacter(form)) return null;
  }
  // What is left is path-absolute ("/" then no second "/"), which every URL parser resolves
  // against the current page's origin.
  return value;
}
