/**
 * spec 1 §2 "Tizen: a payload asset id of the form /content/{id} opens /clip/{id}/player; a form
 * type_{id} opens /{type}/{id}/player". Anything else opens nothing (null): a launch must not land
 * on a route the app does not have. Ids are numeric, like the remote route rule of spec 2 §4;
 * types are lower-case words (clip, channel, playlist…).
 */
export function deepLinkRoute(assetId: string): string | null {
  const value = assetId.trim();
  const content = /^\/content\/(\d{1,12})\/?$/.exec(value);
  if (content) return `/clip/${content[1]}/player`;
  const typed = /^([a-z][a-z-]{0,31})_(\d{1,12})$/.exec(value);
  if (typed) return `/${typed[1]}/${typed[2]}/player`;
  return null;
}

/**
 * The Samsung launch payload: the app control's PAYLOAD datum, a JSON string whose `values` is the
 * asset id (Samsung Smart Hub preview deep links). A bare string is taken as the asset id itself.
 */
export function assetIdOfTizenPayload(payload: string): string | null {
  try {
    const parsed: unknown = JSON.parse(payload);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { values?: unknown }).values === 'string')
      return (parsed as { values: string }).values;
    return null;
  } catch {
    return payload;
  }
}
