import { createPlayer } from '@playz/player';
import { cafChannel, isCastDevice, loadCafReceiver, windowChannel } from './channels';
import { startReceiver, type ReceiverChannel, type ReceiverScreen } from './receiver';
import './receiver.css';

/** The page's parts (cast-receiver.html). */
function screenOf(doc: Document): ReceiverScreen {
  const root = doc.querySelector<HTMLElement>('.receiver')!;
  const title = doc.querySelector<HTMLElement>('.receiver__title')!;
  const artwork = doc.querySelector<HTMLImageElement>('.receiver__artwork')!;
  const message = doc.querySelector<HTMLElement>('.receiver__message')!;
  return {
    showMedia(text, url) {
      title.textContent = text;
      artwork.hidden = url === null;
      if (url) artwork.src = url;
      else artwork.removeAttribute('src');
    },
    showMessage(text) {
      message.hidden = text === null;
      message.textContent = text ?? '';
    },
    setPlaying(playing) {
      root.classList.toggle('receiver--playing', playing);
    },
  };
}

async function channelOf(): Promise<ReceiverChannel> {
  if (isCastDevice(navigator.userAgent)) {
    const globals = await loadCafReceiver();
    const channel = globals && cafChannel(globals);
    if (channel) return channel;
  }
  return windowChannel();
}

async function start() {
  const video = document.querySelector<HTMLVideoElement>('.receiver__video')!;
  const receiver = startReceiver({
    channel: await channelOf(),
    screen: screenOf(document),
    createPlayer: (onState, onFailure) =>
      createPlayer(video, {
        // Nothing kept on the device: each LOAD brings its viewer's choices (decision 081), and a
        // family's Chromecast must not carry one viewer's subtitles into another's film.
        storage: null,
        onState,
        onError: (error) => {
          if (error.fatal) onFailure();
        },
      }),
    fetch: (...args) => fetch(...args),
    locale: navigator.language,
  });
  window.addEventListener('pagehide', () => receiver.leave());
  document.documentElement.dataset.receiver = 'ready';
}

void start();
