import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import {
  SUBTITLE_BACKGROUNDS,
  SUBTITLE_SIZES,
  type LanguageOption,
  type PlayerLanguages,
  type SubtitleStyle,
} from '@playz/player';
import { CheckIcon } from '@/components/icons';
import '../subtitles.css';

interface LanguageMenuProps {
  languages: PlayerLanguages;
  onAudio: (language: string) => void;
  onSubtitles: (language: string | null) => void;
  onStyle: (style: Partial<SubtitleStyle>) => void;
  onOpenChange?: (open: boolean) => void;
}

/** The subtitles icon: a screen with two lines of text. */
function SubtitlesIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <rect x="2.5" y="5" width="19" height="14" rx="2.5" stroke="currentColor" strokeWidth="2" />
      <path
        d="M6.5 12.5h4M13 12.5h4.5M6.5 15.5h7M15.5 15.5h2"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** A language's name as the stream gives it (in that language), else its tag. */
const nameOf = (option: LanguageOption) => option.label || option.language;

/**
 * Audio and subtitles (decisions 068, 069): the stream's audio languages, its subtitles or none,
 * and how subtitles look (size, background). The player remembers each choice for the profile.
 */
export function LanguageMenu({ languages, onAudio, onSubtitles, onStyle, onOpenChange }: LanguageMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);

  const toggle = (value: boolean) => {
    setOpen(value);
    onOpenChange?.(value);
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current?.contains(event.target as Node)) return;
      setOpen(false);
      onOpenChange?.(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, onOpenChange]);

  const item = (key: string, label: string, checked: boolean, choose: () => void) => (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      className="quality__item"
      key={key}
      onClick={choose}
    >
      <span>{label}</span>
      {checked ? <CheckIcon size={18} /> : null}
    </button>
  );
  const style = languages.subtitleStyle;

  return (
    <div className="quality languages" ref={rootRef}>
      <button
        type="button"
        className="player-button"
        aria-label={t('player.audioAndSubtitles')}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="language-menu-button"
        onClick={() => toggle(!open)}
      >
        <SubtitlesIcon />
      </button>
      {open ? (
        <div
          className="quality__menu languages__menu"
          role="menu"
          aria-label={t('player.audioAndSubtitles')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              toggle(false);
            }
          }}
        >
          <div className="languages__column">
            <div role="group" aria-label={t('player.subtitles')}>
              <p className="quality__title">{t('player.subtitles')}</p>
              {item('off', t('player.subtitlesOff'), languages.subtitleLanguage === null, () => onSubtitles(null))}
              {languages.subtitles.map((option) =>
                item(`s-${option.language}`, nameOf(option), languages.subtitleLanguage === option.language, () =>
                  onSubtitles(option.language),
                ),
              )}
            </div>
            {languages.audio.length > 1 ? (
              <div role="group" aria-label={t('player.audio')}>
                <p className="quality__title">{t('player.audio')}</p>
                {languages.audio.map((option) =>
                  item(`a-${option.language}`, nameOf(option), languages.audioLanguage === option.language, () =>
                    onAudio(option.language),
                  ),
                )}
              </div>
            ) : null}
          </div>
          {languages.subtitles.length > 0 ? (
            <div className="languages__column" role="group" aria-label={t('player.subtitleStyle')}>
              <p className="quality__title">{t('player.subtitleSize')}</p>
              {SUBTITLE_SIZES.map((size) =>
                item(`size-${size}`, t(`player.subtitleSizes.${size}`), style.size === size, () => onStyle({ size })),
              )}
              <p className="quality__title">{t('player.subtitleBackground')}</p>
              {SUBTITLE_BACKGROUNDS.map((background) =>
                item(
                  `bg-${background}`,
                  t(`player.subtitleBackgrounds.${background}`),
                  style.background === background,
                  () => onStyle({ background }),
                ),
              )}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** Whether a stream has anything to choose: another audio language, or subtitles. */
export const hasLanguageChoices = (languages: PlayerLanguages | undefined): languages is PlayerLanguages =>
  !!languages && (languages.audio.length > 1 || languages.subtitles.length > 0);
