import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { TvButton } from '@/components/tv-button';
import { setModalFocus } from '@/navigation/focus-memory';
import { FocusSection } from '@/navigation/focusable';
import { focusKeysOnly } from '@/navigation/remote-keys';
import { useRemoteKeys } from '@/navigation/use-remote-keys';

/**
 * What OK on a game's card does on the TV (decision 060): a game is a web site Playz does not
 * frame, so the card opens this panel with its artwork, its name and the address to open on a
 * phone or a computer, written large enough to read from the sofa. OK on Close or Back closes it.
 */
export function GameDialog({
  game,
  returnFocus,
  onClose,
}: {
  game: { name: string; url: string; preview: string | null };
  /** The card it was opened from, focused again when it closes. */
  returnFocus: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    setModalFocus('game-close', 'game-');
    return () => {
      setModalFocus(null);
      void setFocus(returnFocus);
    };
  }, [returnFocus]);
  // A modal: the page under it never sees OK or the arrows.
  useRemoteKeys((key) => {
    if (key === 'back') onClose();
    else focusKeysOnly(key);
    return true;
  });
  return (
    <div className="consent game-dialog" role="dialog" aria-modal="true" aria-label={game.name}>
      <div className="consent__panel game-dialog__panel">
        {game.preview ? <img className="game-dialog__art" src={game.preview} alt="" /> : null}
        <div className="game-dialog__body">
          <h2 className="consent__title">{game.name}</h2>
          <p className="consent__text">{t('explore.tvGameHow')}</p>
          <p className="game-dialog__url">{game.url.replace(/^https?:\/\//, '').replace(/\/$/, '')}</p>
          <FocusSection focusKey="game-actions" className="consent__actions" boundary>
            <TvButton focusKey="game-close" primary label={t('common.close')} onSelect={onClose} />
          </FocusSection>
        </div>
      </div>
    </div>
  );
}
