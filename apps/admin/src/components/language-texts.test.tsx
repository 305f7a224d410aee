import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { LanguageTexts, type TextLanguage } from './language-texts';

type Texts = Record<TextLanguage, { title: string; synopsis: string }>;
const EMPTY: Texts = {
  fr: { title: '', synopsis: '' },
  en: { title: '', synopsis: '' },
  nl: { title: '', synopsis: '' },
  es: { title: '', synopsis: '' },
};
const FIELDS = [
  { name: 'title', label: (language: string) => `Titre (${language})`, maxLength: 200 },
  { name: 'synopsis', label: (language: string) => `Résumé (${language})`, maxLength: 4000, rows: 3 },
] as const;

function Form({ grouped, seen }: { grouped?: boolean; seen: Texts[] }) {
  const [texts, setTexts] = useState(EMPTY);
  return (
    <LanguageTexts
      grouped={grouped}
      fields={FIELDS}
      value={texts}
      onChange={(language, field, text) => {
        const next = { ...texts, [language]: { ...texts[language], [field]: text } };
        seen.push(next);
        setTexts(next);
      }}
    />
  );
}

describe('the four-language texts of the console’s editors', () => {
  it('spec console (four languages, French first): one fieldset per language, French’s title alone required', () => {
    render(<Form seen={[]} />);
    const legends = screen.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent);
    expect(legends).toEqual(['Français', 'Anglais', 'Néerlandais', 'Espagnol']);
    expect(screen.getByRole('group', { name: 'Anglais' })).toHaveAttribute('lang', 'en');
    expect(screen.getByLabelText('Titre (Français)')).toHaveAttribute('required');
    expect(screen.getByLabelText('Titre (Anglais)')).not.toHaveAttribute('required');
    expect(screen.getByLabelText('Résumé (Français)')).not.toHaveAttribute('required');
    expect(screen.getByLabelText('Résumé (Espagnol)').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Titre (Espagnol)')).toHaveAttribute('maxlength', '200');
  });

  it('spec console: a text typed changes that language’s field only; without groups each label carries its language', () => {
    const seen: Texts[] = [];
    render(<Form grouped={false} seen={seen} />);
    expect(screen.queryAllByRole('group')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Résumé (Néerlandais)'), { target: { value: 'Een vuurtoren.' } });
    expect(seen.at(-1)).toEqual({ ...EMPTY, nl: { title: '', synopsis: 'Een vuurtoren.' } });
    expect(screen.getByLabelText('Résumé (Néerlandais)').closest('label')).toHaveAttribute('lang', 'nl');
    expect(screen.getByLabelText('Résumé (Néerlandais)')).toHaveProperty('value', 'Een vuurtoren.');
  });
});
