import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWidget } from '@/test/render-widget';
import { CookieTable } from './cookie-table';

describe('cookie table (spec 1 §2 cookies page, §9 cookie expiry display)', () => {
  it('lists name, role and expiry shown as none, session, minutes, hours, days or months', () => {
    renderWidget(
      <CookieTable
        cookieType={{
          id: 2,
          type: 'Analytics',
          name: "Mesure d'audience",
          description: '',
          mandatory: false,
          cookies: [
            { id: 1, name: '_pa_none', description: 'Jamais', expiration: -1 },
            { id: 2, name: '_pa_vis', description: 'Visite', expiration: 0 },
            { id: 3, name: '_pa_ses', description: 'Session de mesure', expiration: 1800 },
            { id: 4, name: '_pa_h', description: 'Heures', expiration: 7200 },
            { id: 5, name: '_pa_d', description: 'Jours', expiration: 86_400 },
            { id: 6, name: '_pa_id', description: 'Identifiant', expiration: 183 * 86_400 },
          ],
        }}
      />,
    );
    const table = screen.getByRole('table', { name: "Cookies Mesure d'audience" });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Nom', 'Rôle', 'Expiration']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['_pa_none', 'Jamais', 'Aucune'],
      ['_pa_vis', 'Visite', 'Session'],
      ['_pa_ses', 'Session de mesure', '30 minutes'],
      ['_pa_h', 'Heures', '2 heures'],
      ['_pa_d', 'Jours', '1 jour'],
      ['_pa_id', 'Identifiant', '7 mois'],
    ]);
  });
});
