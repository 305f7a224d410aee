import { useTranslation } from '@/lib/use-translation';
import type { RemoteLanguages } from './remote-playback';
import type { RemotePhone } from './use-remote-phone';

type Option = RemoteLanguages['audio'][number];
const nameOf = (option: Option) => option.label || option.language;

/** Whether what the TV plays has anything to choose: another audio language, or subtitles. */
export const hasRemoteLanguageChoices = (languages: RemoteLanguages) =>
  languages.audio.length > 1 || languages.subtitles.length > 0;

/**
 * The TV's subtitles and audio language chosen from the phone (decision 081, beyond the spec):
 * each tap is a requestLanguages the TV's player obeys through its own commands, and saves for its
 * profile; what shows as chosen is what the TV says it plays (onNotifyLanguages), not the tap.
 */
export function RemoteLanguageChoice({ languages, send }: { languages: RemoteLanguages; send: RemotePhone['send'] }) {
  const { t } = useTranslation();
  if (!hasRemoteLanguageChoices(languages)) return null;
  const chip = (key: string, label: string, pressed: boolean, onClick: () => void) => (
    <button
      key={key}
      type="button"
      className={`remote-languages__chip${pressed ? ' remote-languages__chip--on' : ''}`}
      aria-pressed={pressed}
      onClick={onClick}
    >
      {label}
    </button>
  );
  return (
    <section className="remote-languages" aria-labelledby="remote-languages-title">
      <h3 id="remote-languages-title" className="remote-languages__title">
        {t('player.audioAndSubtitles')}
      </h3>
      {languages.subtitles.length > 0 ? (
        <div className="remote-languages__group" role="group" aria-label={t('player.subtitles')}>
          <span className="remote-languages__label" aria-hidden="true">
            {t('player.subtitles')}
          </span>
          <div className="remote-languages__chips">
            {chip('off', t('player.subtitlesOff'), languages.subtitleLanguage === null, () =>
              send('requestLanguages', { subtitles: null }),
            )}
            {languages.subtitles.map((option) =>
              chip(`sub-${option.language}`, nameOf(option), languages.subtitleLanguage === option.language, () =>
                send('requestLanguages', { subtitles: option.language }),
              ),
            )}
          </div>
        </div>
      ) : null}
      {languages.audio.length > 1 ? (
        <div className="remote-languages__group" role="group" aria-label={t('player.audio')}>
          <span className="remote-languages__label" aria-hidden="true">
            {t('player.audio')}
          </span>
          <div className="remote-languages__chips">
            {languages.audio.map((option) =>
              chip(`audio-${option.language}`, nameOf(option), languages.audioLanguage === option.language, () =>
                send('requestLanguages', { audio: option.language }),
              ),
            )}
          </div>
        </div>
      ) : null}
    </section>
  );
}
