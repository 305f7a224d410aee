import { createResumeSaver, type Player, type PlayerState } from '@playz/player';
import { cutLocale, isSupportedLocale } from '@playz/domain';
import { translate } from '@playz/i18n';
import {
  streamTypeOf,
  type CastCommand,
  type CastLoad,
  type CastMediaStatus,
  type CastPlayerState,
  type CastStatusGrant,
} from '@/lib/cast-protocol';

/** How the receiver hears its senders and answers them: the Cast framework, or window messages. */
export interface ReceiverChannel {
  onCommand(listener: (command: CastCommand) => void): void;
  /** To every sender connected. */
  sendStatus(status: CastMediaStatus): void;
}

/** What the receiver shows around the video. */
export interface ReceiverScreen {
  showMedia(title: string, artwork: string | null): void;
  showMessage(text: string | null): void;
  setPlaying(playing: boolean): void;
}

export interface ReceiverDeps {
  channel: ReceiverChannel;
  screen: ReceiverScreen;
  createPlayer: (onState: (state: PlayerState) => void, onFailure: () => void) => Player;
  /** POSTs the resume point with the cast grant; the page's fetch outside tests. */
  fetch: typeof fetch;
  /** The receiver's own language until a LOAD names the viewer's. */
  locale: string;
}

/** Statuses between changes of state: the sender's bar moves every second, as a player's does. */
export const STATUS_INTERVAL_MS = 1000;

const localeOf = (value: string) => {
  const cut = cutLocale(value);
  return isSupportedLocale(cut) ? cut : 'fr';
};

function playerStateOf(state: PlayerState): CastPlayerState {
  if (state.ended) return 'IDLE';
  if (state.loading || state.seeking) return 'BUFFERING';
  return state.paused ? 'PAUSED' : 'PLAYING';
}

/**
 * Playz's Cast receiver (decision 070): a LOAD plays the signed stream URL with @playz/player
 * from where the viewer was, shows the title and artwork, and saves the resume point as the
 * viewer's own player does (spec 2 §4: on pause, at the end, every 10 s while playing, when it
 * stops) with the cast grant the sender passed, never a session. Every change of state and a
 * status a second go back to the senders, which mirror them.
 */
export function startReceiver(deps: ReceiverDeps) {
  let locale = localeOf(deps.locale);
  let player: Player | null = null;
  let grant: CastStatusGrant | null = null;
  let lastState: CastPlayerState = 'IDLE';
  let lastSentAt = 0;
  let idleReason: CastMediaStatus['idleReason'];

  const saveTime = (time: number) => {
    const current = grant;
    if (!current) return;
    void deps
      .fetch(current.url, {
        method: 'POST',
        credentials: 'omit',
        keepalive: true,
        headers: { authorization: `Bearer ${current.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ playback_time: String(Math.round(time * 1000) / 1000), locale }),
      })
      // A lost report is not worth stopping the film for: the next one saves.
      .catch(() => undefined);
  };
  const saver = createResumeSaver(saveTime);
  saver.start();

  const sendStatus = (state: PlayerState | null, force = false) => {
    const playerState = state ? playerStateOf(state) : 'IDLE';
    const now = Date.now();
    if (!force && playerState === lastState && now - lastSentAt < STATUS_INTERVAL_MS) return;
    lastState = playerState;
    lastSentAt = now;
    deps.channel.sendStatus({
      type: 'MEDIA_STATUS',
      playerState,
      currentTime: state?.currentTime ?? 0,
      duration: state?.duration ?? 0,
      ...(playerState === 'IDLE' ? { idleReason: state?.ended ? 'FINISHED' : idleReason } : {}),
    });
  };

  const stop = async (reason: CastMediaStatus['idleReason']) => {
    const current = player;
    player = null;
    // What was watched is saved before the grant is dropped.
    saver.leave();
    saver.reset();
    grant = null;
    idleReason = reason;
    deps.screen.setPlaying(false);
    if (!current) return;
    await current.destroy().catch(() => undefined);
    sendStatus(null, true);
  };

  const load = async (command: CastLoad) => {
    await stop('CANCELLED');
    locale = localeOf(command.customData.locale);
    grant = command.customData.status;
    idleReason = undefined;
    deps.screen.showMessage(null);
    deps.screen.showMedia(command.media.metadata.title, command.media.metadata.images[0]?.url ?? null);
    const created = deps.createPlayer(
      (state) => {
        if (player !== created) return;
        saver.update(state);
        deps.screen.setPlaying(!state.paused || state.loading);
        sendStatus(state, playerStateOf(state) !== lastState);
      },
      () => {
        if (player !== created) return;
        deps.screen.showMessage(translate(locale, 'player.castFailed'));
        void stop('ERROR');
      },
    );
    player = created;
    // The viewer's subtitles and audio (decision 081), applied by the load as the players do.
    const languages = command.customData.languages;
    if (languages) created.adoptLanguages(languages);
    const live = command.media.streamType === 'LIVE';
    await created.load(
      { url: command.media.contentId, type: streamTypeOf(command.media.contentType) },
      live ? undefined : command.currentTime,
    );
    if (player === created) await created.play();
  };

  deps.channel.onCommand((command) => {
    switch (command.type) {
      case 'LOAD':
        void load(command);
        return;
      case 'PLAY':
        void player?.play();
        return;
      case 'PAUSE':
        player?.pause();
        return;
      case 'SEEK':
        player?.seek(command.currentTime);
        return;
      case 'STOP':
        void stop('CANCELLED');
        return;
      case 'EDIT_TRACKS_INFO':
        // The sender's menu while casting (decision 081): the same commands as the players' own.
        if (!player) return;
        if (command.audioLanguage !== undefined) player.setAudioLanguage(command.audioLanguage);
        if (command.subtitleLanguage !== undefined) player.setSubtitleLanguage(command.subtitleLanguage);
        if (command.textTrackStyle) player.setSubtitleStyle(command.textTrackStyle);
    }
  });
  deps.screen.showMessage(translate(locale, 'player.castReady'));

  return {
    /** The page goes away (the receiver application stops): the resume point is saved. */
    leave: () => {
      saver.stop();
    },
  };
}
