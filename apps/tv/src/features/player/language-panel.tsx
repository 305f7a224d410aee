import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setFocus } from '@noriginmedia/norigin-spatial-navigation';
import {
  SUBTITLE_BACKGROUNDS,
  SUBTITLE_SIZES,
  type LanguageOption,
  type PlayerCommands,
  type PlayerLanguages,
} from '@playz/player';
import { FocusSection } from '@/navigation/focusable';
import { useRemoteKeys } from '@/navigation/use-remote-keys';
import { TvButton } from '@/components/tv-button';
import './subtitles.css';

/** Whether a stream has anything to choose: another audio language, or subtitles. */
export const hasLanguageChoices = (languages: PlayerLanguages | undefined): languages is PlayerLanguages =>
  !!languages && (languages.audio.length > 1 || languages.subtitles.length > 0);

const nameOf = (option: LanguageOption) => option.label || option.language;

/** The first button of the panel: the subtitles in use (or Off), so OK right away keeps it. */
export const firstLanguageFocus = (languages: PlayerLanguages) =>
  `languages-sub-${languages.subtitleLanguage ?? 'off'}`;

/**
 * Audio and subtitles on the TV (decisions 068, 069): columns the D-pad moves through (subtitles,
 * audio, size, background); OK chooses, Back closes. The player remembers each choice for the
 * profile, as on the web.
 */
export function LanguagePanel({
  languages,
  commands,
  onClose,
}: {
  languages: PlayerLanguages;
  commands: Pick<PlayerCommands, 'setAudioLanguage' | 'setSubtitleLanguage' | 'setSubtitleStyle'>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  useRemoteKeys((key) => {
    if (key !== 'back' && key !== 'stop') return false; // the arrows and OK: the spatial navigation
    onClose();
    return true;
  });
  useEffect(() => {
    void setFocus(firstLanguageFocus(languages));
    // Once, at opening: later choices keep the focus where the viewer is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const style = languages.subtitleStyle;

  return (
    <div className="tv-languages" role="dialog" aria-label={t('player.audioAndSubtitles')}>
      <FocusSection focusKey="player-languages-panel" className="tv-languages__columns" boundary>
        <div className="tv-languages__column">
          <h2 className="tv-languages__title">{t('player.subtitles')}</h2>
          <TvButton
            focusKey="languages-sub-off"
            label={t('player.subtitlesOff')}
            pressed={languages.subtitleLanguage === null}
            onSelect={() => commands.setSubtitleLanguage(null)}
          />
          {languages.subtitles.map((option) => (
            <TvButton
              key={option.language}
              focusKey={`languages-sub-${option.language}`}
              label={nameOf(option)}
              pressed={languages.subtitleLanguage === option.language}
              onSelect={() => commands.setSubtitleLanguage(option.language)}
            />
          ))}
        </div>
        {languages.audio.length > 1 ? (
          <div className="tv-languages__column">
            <h2 className="tv-languages__title">{t('player.audio')}</h2>
            {languages.audio.map((option) => (
              <TvButton
                key={option.language}
                focusKey={`languages-audio-${option.language}`}
                label={nameOf(option)}
                pressed={languages.audioLanguage === option.language}
                onSelect={() => commands.setAudioLanguage(option.language)}
              />
            ))}
          </div>
        ) : null}
        {languages.subtitles.length > 0 ? (
          <>
            <div className="tv-languages__column">
              <h2 className="tv-languages__title">{t('player.subtitleSize')}</h2>
              {SUBTITLE_SIZES.map((size) => (
                <TvButton
                  key={size}
                  focusKey={`languages-size-${size}`}
                  label={t(`player.subtitleSizes.${size}`)}
                  pressed={style.size === size}
                  onSelect={() => commands.setSubtitleStyle({ size })}
                />
              ))}
            </div>
            <div className="tv-languages__column">
              <h2 className="tv-languages__title">{t('player.subtitleBackground')}</h2>
              {SUBTITLE_BACKGROUNDS.map((background) => (
                <TvButton
                  key={background}
                  focusKey={`languages-bg-${background}`}
                  label={t(`player.subtitleBackgrounds.${background}`)}
                  pressed={style.background === background}
                  onSelect={() => commands.setSubtitleStyle({ background })}
                />
              ))}
            </div>
          </>
        ) : null}
      </FocusSection>
    </div>
  );
}
