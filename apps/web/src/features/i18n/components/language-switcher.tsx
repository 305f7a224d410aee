import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { SUPPORTED_LOCALES, type Locale } from '@playz/domain';
import { GlobeIcon } from '@/components/icons';
import { useChangeLanguage } from '../api/use-language';

/** Each language is named in itself, so a reader finds theirs whatever the current language. */
const LANGUAGE_NAMES: Record<Locale, string> = {
  fr: 'Français',
  en: 'English',
  nl: 'Nederlands',
  es: 'Español',
};

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const id = useId();
  return (
    <div className="language-switcher">
      <label htmlFor={id} className="language-switcher__label">
        <GlobeIcon size={18} />
        <span>{t('footer.language')}</span>
      </label>
      <select
        id={id}
        className="language-switcher__select"
        value={i18n.language}
        onChange={(event) => void changeLanguage(event.target.value as Locale)}
      >
        {SUPPORTED_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
