import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createOpeningIntent, framePresented, openings, type OpeningIntent } from '@playz/player';
import { contentOpening, useApi } from '@playz/queries';
import { tvPaths } from '@/app/paths';
import { useCurrentPath } from '@/app/router-context';

/** The class that shows a launched opening full screen, where the player will be (player.css). */
export const LAUNCHED_CLASS = 'opening-launched';

/**
 * OK's launched opening plays full screen at once; the player's route is opened once its first
 * frame is presented, or this long after OK at most (well within the launch check's
 * LAUNCH_CHECK_MS), so that the route's render does not come between the play and that frame
 * (decision 144).
 */
export const PLAY_PICTURE_WAIT_MS = 300;

/** One intent per app (its query client): the openings are one at a time for the whole page. */
const intents = new WeakMap<QueryClient, OpeningIntent>();

/**
 * Play with an opening (decision 044) on the TV: a Play button or an episode's card focused for
 * OPENING_DWELL_MS prepares the content's first seconds (episodes too: they play on the same
 * player here); OK launches them full screen at once and opens the player once their first frame
 * is shown (PLAY_PICTURE_WAIT_MS), which takes them.
 * Focus leaving the control, or the page left without pressing, drops what was prepared (a TV's
 * decoders and memory are few).
 */
export function usePlayOpening() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const currentPath = useCurrentPath();
  let intent = intents.get(queryClient);
  if (!intent) {
    // The TV's content player asks DASH (content-player.route.tsx): the opening is the same stream.
    intent = createOpeningIntent(
      (id) => contentOpening({ api, queryClient }, id, 'player_dash', { episodes: true }),
      openings,
    );
    intents.set(queryClient, intent);
  }
  const opening = intent;
  const pressed = useRef(false);
  /** OK's opening is playing and the player's route not opened yet (PLAY_PICTURE_WAIT_MS). */
  const holding = useRef(false);
  useEffect(() => {
    pressed.current = false;
    return () => {
      if (!pressed.current) opening.cancel();
    };
  }, [opening, pathname]);

  const focus = useCallback((contentId: string) => opening.intent(contentId), [opening]);
  // Focus gone elsewhere on the page (favourite, related, seasons): what was prepared goes too.
  const blur = useCallback(() => {
    if (!pressed.current) opening.cancel();
  }, [opening]);
  const play = useCallback(
    (contentId: string) => {
      // A second OK while the first waits for its picture: one player opened.
      if (holding.current) return;
      const path = tvPaths.contentPlayer(contentId);
      const from = currentPath();
      pressed.current = true;
      // Judged on the router's location when the check runs: the page that called this has
      // unmounted by then, and the window's path is the router's only in a browser.
      const launched = opening.press(contentId, LAUNCHED_CLASS, () => currentPath() === path);
      if (!launched) return void navigate(path);
      holding.current = true;
      void framePresented(launched, PLAY_PICTURE_WAIT_MS).then(() => {
        holding.current = false;
        // Back meanwhile: the player is not opened, and its opening stops.
        if (currentPath() === from) void navigate(path);
        else opening.cancel();
      });
    },
    [opening, navigate, currentPath],
  );
  return useMemo(() => ({ focus, blur, play }), [focus, blur, play]);
}
