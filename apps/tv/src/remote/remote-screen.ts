import type { ActivePlayer, ActivePlayerSlot, LanguageOption } from '@playz/player';
import {
  createThrottle,
  REMOTE_TIME_UPDATE_STEP_MS,
  toPlayerRoute,
  type ForwardedAction,
  type RemoteClient,
  type ScreenAsk,
} from '@playz/remote';
import { pageWithHandoff } from './handoff';
import type { PlayerNeighboursSlot } from './player-neighbours';
import { deleteItem, emptyQueue, jumpTo, moveItem, nextOf, playNow, pushItem, type RemoteQueue } from './remote-queue';

/** The envelope's language tags (decision 068): what the phones accept. */
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[A-Z]{2})?$/;

const NO_LANGUAGES = { audio: [], audioLanguage: null, subtitles: [], subtitleLanguage: null };

/** HTMLMediaElement.HAVE_METADATA: the element knows its duration. */
const HAVE_METADATA = 1;

export interface RemoteScreenOptions {
  client: Pick<RemoteClient, 'on' | 'notify'>;
  /** Where the TV's player screen announces its player (@playz/player activePlayer). */
  players: ActivePlayerSlot;
  /** The TV's path now, inside /tv (e.g. `/clip/12/player`). */
  currentPath(): string;
  /** The step the TV hands to its phones now (handoff.ts), or null. */
  handoff?: () => string | null;
  /** What the TV asks its phones to type now (handoff.ts), or null. */
  ask?: () => ScreenAsk | null;
  /** A parental code a phone typed for the TV (requestParentalCode). */
  onParentalCode?: (code: string) => void;
  /** The player screen's Previous and Next, which requestSkip presses (player-neighbours.ts). */
  neighbours?: PlayerNeighboursSlot;
  /** Opens a TV path; `replace` when the queue moves on (back then leaves the player). */
  navigate(path: string, options: { replace: boolean }): void;
  /** Tests drive the time-update ticks by hand. */
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (timer: unknown) => void;
}

export interface RemoteScreen {
  /** The TV moved to another page (the viewer's keys, the remote's push), or its handoff changed. */
  pathChanged(path: string): void;
  readonly queue: RemoteQueue;
  dispose(): void;
}

/** The remote's seconds: finite, not negative, at most the envelope's week (spec 2 §7 schemas). */
const MAX_SECONDS = 7 * 24 * 3600;
const seconds = (value: number) => (Number.isFinite(value) && value > 0 ? Math.min(value, MAX_SECONDS) : 0);
const durationOf = (value: number) => (Number.isFinite(value) && value > 0 ? Math.min(value, MAX_SECONDS) : null);
const playerRouteOf = (path: string) => toPlayerRoute(path)?.route ?? null;

/**
 * The TV as a remote-control Server (spec 2 §4 Remote control, §7): it obeys what its linked
 * phones ask — open a content at a time, play, pause, seek, the queue — through the player's
 * commands, answers requestCurrentRoute / requestCurrentPlayback, and mirrors its video events
 * to the phones (onNotify*, time updates at most every 100 ms, spec 2 §9).
 */
export function createRemoteScreen(options: RemoteScreenOptions): RemoteScreen {
  const { client, players } = options;
  const every = options.setInterval ?? ((fn, ms) => setInterval(fn, ms));
  const stopEvery = options.clearInterval ?? ((timer) => clearInterval(timer as ReturnType<typeof setInterval>));
  let queue = emptyQueue;
  /** requestHistoryPush's initialTime, applied once the pushed route's player can play. */
  let pendingStart: { route: string; time: number } | null = null;
  let detachVideo: (() => void) | null = null;

  const route = () => playerRouteOf(options.currentPath());
  const page = (path: string) => pageWithHandoff(path, options.handoff?.() ?? null, options.ask?.() ?? null);
  const notifyQueue = () =>
    client.notify('onNotifyQueueUpdated', { queue: [...queue.items], position: queue.position });
  // Whether the player on screen has an item before and after its own (decision 075), said again
  // only when it changes, and with every answer to requestCurrentPlayback.
  let sides = { previous: false, next: false };
  const notifyNeighbours = (always: boolean) => {
    const now = options.neighbours?.current() ?? null;
    const next = { previous: now?.previous !== undefined, next: now?.next !== undefined };
    if (!always && next.previous === sides.previous && next.next === sides.next) return;
    sides = next;
    client.notify('onNotifyNeighbours', next);
  };
  // The languages of what plays and which are on (decision 081), said again only when they change
  // (checked at the player's events and time ticks), and with every answer to requestCurrentPlayback.
  // Nothing to choose is what the phones assume at first: a player without languages says nothing.
  let languagesSaid = JSON.stringify(NO_LANGUAGES);
  const notifyLanguages = (always: boolean) => {
    const languages = players.current()?.getState().languages;
    const options = (list: readonly LanguageOption[] | undefined) =>
      (list ?? [])
        .filter((option) => LANGUAGE_TAG.test(option.language))
        .slice(0, 20)
        .map((option) => ({ language: option.language, label: option.label?.slice(0, 64) ?? null }));
    const tagOrNull = (tag: string | null | undefined) => (tag && LANGUAGE_TAG.test(tag) ? tag : null);
    const data = {
      audio: options(languages?.audio),
      audioLanguage: tagOrNull(languages?.audioLanguage),
      subtitles: options(languages?.subtitles),
      subtitleLanguage: tagOrNull(languages?.subtitleLanguage),
    };
    const said = JSON.stringify(data);
    if (!always && said === languagesSaid) return;
    languagesSaid = said;
    client.notify('onNotifyLanguages', data);
  };
  const timeUpdate = createThrottle((player: ActivePlayer) => {
    const state = player.getState();
    client.notify('onNotifyVideoTimeUpdate', {
      time: seconds(state.currentTime),
      duration: durationOf(state.duration),
    });
  }, REMOTE_TIME_UPDATE_STEP_MS);

  function go(path: string, replace: boolean) {
    if (options.currentPath() === path) {
      // Already there (the same film pushed again): the player stays, the start time applies now.
      const player = players.current();
      if (player) applyPendingStart(player);
      return;
    }
    options.navigate(path, { replace });
  }

  function applyPendingStart(player: ActivePlayer) {
    if (!pendingStart || pendingStart.route !== route()) return;
    const { time } = pendingStart;
    pendingStart = null;
    player.commands.seek(time);
    void player.commands.play();
  }

  /** Mirrors the player's media events to the phones while it is the screen's player. */
  function attach(player: ActivePlayer | null) {
    detachVideo?.();
    detachVideo = null;
    timeUpdate.cancel();
    if (!player) return;
    const { video } = player;
    let ticking: unknown = null;
    const tick = () => {
      timeUpdate(player);
      notifyLanguages(false);
    };
    const stopTicking = () => {
      if (ticking !== null) stopEvery(ticking);
      ticking = null;
    };
    const time = () => seconds(player.getState().currentTime);
    const on: Record<string, () => void> = {
      loadstart: () => client.notify('onNotifyVideoLoading', { route: route() }),
      loadedmetadata: () => {
        client.notify('onNotifyVideoLoaded', { route: route(), duration: durationOf(player.getState().duration) });
        notifyLanguages(false);
      },
      canplay: () => {
        applyPendingStart(player);
        notifyLanguages(false);
      },
      play: () => {
        client.notify('onNotifyVideoPlay', { time: time() });
        // spec 2 §9: the phone's position moves in 100 ms steps while the TV plays.
        if (ticking === null) ticking = every(tick, REMOTE_TIME_UPDATE_STEP_MS);
      },
      pause: () => {
        stopTicking();
        timeUpdate.cancel();
        client.notify('onNotifyVideoPause', { time: time() });
      },
      seeking: () => client.notify('onNotifyVideoSeek', { time: time() }),
      timeupdate: tick,
      ended: () => {
        stopTicking();
        timeUpdate.cancel();
        client.notify('onNotifyVideoEnd', {});
        const next = nextOf(queue);
        if (!next) return;
        queue = next;
        notifyQueue();
        go(queue.items[queue.position!]!, true);
      },
    };
    for (const [type, handler] of Object.entries(on)) video.addEventListener(type, handler);
    // An element that loaded before its player (an opening taken over, decision 044) fires no
    // load event again: the phones learn from it now what plays and how long it lasts.
    if (video.readyState >= HAVE_METADATA) on.loadedmetadata!();
    // A player that is already playing (the remote started after it) ticks at once.
    if (!video.paused) on.play!();
    // Mounted after the push (the usual case): the start applies when it can play.
    if (video.readyState >= 3) applyPendingStart(player);
    detachVideo = () => {
      stopTicking();
      for (const [type, handler] of Object.entries(on)) video.removeEventListener(type, handler);
    };
  }

  function currentPlayback() {
    const state = players.current()?.getState() ?? null;
    client.notify('onNotifyCurrentPlayback', {
      route: state ? route() : null,
      time: seconds(state?.currentTime ?? 0),
      duration: durationOf(state?.duration ?? 0),
      paused: state?.paused ?? true,
      queue: [...queue.items],
      position: queue.position,
    });
    notifyNeighbours(true);
    notifyLanguages(true);
  }

  function onAction(action: ForwardedAction) {
    const player = players.current();
    switch (action.action) {
      case 'requestCurrentRoute':
        client.notify('onNotifyCurrentRoute', { route: page(options.currentPath()) });
        return;
      case 'requestCurrentPlayback':
        currentPlayback();
        return;
      case 'requestHistoryPush': {
        const { route: target, position, initialTime } = action.data;
        queue = playNow(queue, target, position);
        pendingStart = initialTime !== undefined ? { route: target, time: initialTime } : null;
        notifyQueue();
        go(target, false);
        return;
      }
      case 'requestItemPush':
        queue = pushItem(queue, action.data.route);
        notifyQueue();
        return;
      case 'requestItemMove':
        queue = moveItem(queue, action.data.from, action.data.to);
        notifyQueue();
        return;
      case 'requestItemDelete':
        queue = deleteItem(queue, action.data.position);
        notifyQueue();
        return;
      case 'requestPositionChange': {
        const next = jumpTo(queue, action.data.position);
        // No such item: the phone's queue was stale; the answer puts it right.
        if (next) queue = next;
        notifyQueue();
        if (next) go(queue.items[queue.position!]!, route() !== null);
        return;
      }
      case 'requestSkip': {
        // The player's own Previous or Next (spec 2 §2): the TV decides where it leads.
        const skip = options.neighbours?.current()?.[action.data.direction];
        if (skip) skip();
        // None on that side any more: the answer puts the phone right.
        else notifyNeighbours(true);
        return;
      }
      case 'requestVideoPlay':
        if (player) void player.commands.play();
        else currentPlayback();
        return;
      case 'requestVideoPause':
        if (player) player.commands.pause();
        else currentPlayback();
        return;
      case 'requestVideoSeek':
        if (player) player.commands.seek(action.data.time);
        else currentPlayback();
        return;
      case 'requestLanguages': {
        if (!player) {
          currentPlayback();
          return;
        }
        // The player's own commands: it applies the choice and saves it for the profile (decision 081).
        const { audio, subtitles } = action.data;
        if (audio !== undefined) player.commands.setAudioLanguage(audio);
        if (subtitles !== undefined) player.commands.setSubtitleLanguage(subtitles);
        notifyLanguages(true);
        return;
      }
      case 'requestParentalCode':
        options.onParentalCode?.(action.data.code);
        return;
    }
  }

  const offAction = client.on('action', onAction);
  const offPlayers = players.watch((player) => {
    attach(player);
    // The player went: nothing to choose on the phones any more.
    if (!player) notifyLanguages(false);
  });
  const offNeighbours = options.neighbours?.watch(() => notifyNeighbours(false));
  attach(players.current());

  return {
    get queue() {
      return queue;
    },
    pathChanged(path) {
      client.notify('onNotifyCurrentRoute', { route: page(path) });
      // The viewer left the queue's item with the remote's keys: nothing of the queue plays now.
      const playing = playerRouteOf(path);
      if (queue.position !== null && queue.items[queue.position] !== playing) {
        queue = { items: queue.items, position: null };
        notifyQueue();
      }
    },
    dispose() {
      offAction();
      offPlayers();
      offNeighbours?.();
      attach(null);
    },
  };
}
