import { useMemo } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useApi, useAppData } from '@playz/queries';
import type { CastMedia } from '../cast/use-cast-sender';

/**
 * Google's Default Media Receiver, the demo's seed until Playz's receiver is registered (decision
 * 058). It plays the media channel's LOAD only, not Playz's namespace, and cannot save the
 * resume point: with it the player keeps the browser's own casting (decision 070).
 */
export const DEFAULT_MEDIA_RECEIVER_APP_ID = 'CC1AD845';

/**
 * What the player casts with (decision 070): the receiver application the app names
 * (App.castAppId, decision 058; none: the browser's own casting) and, where the viewer's
 * resume point is saved, a grant for the receiver's reports on this one content, minted when
 * casting starts.
 */
export function useCastMedia(contentId: string, savesResume: boolean): CastMedia | undefined {
  const api = useApi();
  const { i18n } = useTranslation();
  const castAppId = useAppData().data?.App.castAppId ?? null;
  const appId = castAppId === DEFAULT_MEDIA_RECEIVER_APP_ID ? null : castAppId;
  const locale = i18n.language;
  return useMemo(() => {
    if (!appId) return undefined;
    const statusGrant = savesResume
      ? async () => {
          const { CastToken } = await api.createCastToken({ body: { content_id: contentId } });
          return { url: CastToken.statusUrl, token: CastToken.token };
        }
      : undefined;
    return { appId, locale, statusGrant };
  }, [api, appId, locale, contentId, savesResume]);
}
