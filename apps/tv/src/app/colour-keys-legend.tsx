import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasColourKeys } from '@playz/platform';
import { COLOUR_SHORTCUTS } from '@/navigation/colour-shortcuts';
import { useDevice } from './device-context';

/**
 * What the colour keys open, at the top right of browsing screens, on remotes that have them
 * (Samsung, the Orange box): a viewer learns the shortcuts without a manual.
 */
export function ColourKeysLegend(): ReactNode {
  const { t } = useTranslation();
  const { platform } = useDevice();
  if (!hasColourKeys(platform)) return null;
  return (
    <ul className="colour-keys" aria-label={t('tv.colourKeys')}>
      {COLOUR_SHORTCUTS.map(({ key, label }) => (
        <li key={key} className="colour-keys__item">
          <span className={`colour-keys__dot colour-keys__dot--${key}`} aria-hidden="true" />
          {t(label)}
        </li>
      ))}
    </ul>
  );
}
