import type { EngineDrm } from './engine';

/**
 * spec 2 §7 DRM licence step: a JSON post of contentAccessMode, contentSecurityId and
 * usageContext to the token URL; the token is read from the reply (the API envelope).
 */
export async function fetchLicenceToken(drm: EngineDrm, fetcher: typeof fetch = fetch): Promise<string> {
  const response = await fetcher(drm.tokenUrl, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      contentAccessMode: drm.contentAccessMode,
      contentSecurityId: drm.contentSecurityId,
      usageContext: drm.usageContext,
    }),
  });
  const envelope = (await response.json().catch(() => null)) as {
    Response?: { Token?: string } | null;
    Error?: { Number?: number };
  } | null;
  const token = envelope?.Response?.Token;
  if (!response.ok || !token) {
    throw Object.assign(new Error('The licence token was refused'), {
      code: `drm-token-${envelope?.Error?.Number ?? response.status}`,
    });
  }
  return token;
}

/** "A token ... appended as a license token query parameter to the license request." */
export function withLicenceToken(uri: string, token: string): string {
  return `${uri}${uri.includes('?') ? '&' : '?'}licenseToken=${encodeURIComponent(token)}`;
}
