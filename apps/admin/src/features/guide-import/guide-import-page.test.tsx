import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../app';
import { ANA, fakeConsoleApi } from '../../test/fake-console-api';

const EDITOR = { ...ANA, id: 5, email: 'eve@playz.fr', name: 'Eve', roles: ['editor'] };
const PREVIEW = {
  format: 'xmltv',
  channels: [
    { key: 'une.fr', name: 'Playz Une', channelId: 1, channelName: 'Playz Une', action: 'matched' },
    { key: 'ailleurs.fr', name: 'Ailleurs TV', channelId: null, channelName: null, action: 'unknown' },
  ],
  days: [{ channelId: 1, channelName: 'Playz Une', day: '2026-12-01', added: 3, replaced: 12 }],
  errors: [{ line: 9, reason: 'start' }],
};
const XML = '<tv><channel id="une.fr"/></tv>';

describe('XMLTV and M3U imports in the console (decision 103; spec 2 channels and schedule)', () => {
  it('spec 2 §7 schedule: an editor chooses an XMLTV file, sees its preview with the wrong lines, then applies it', async () => {
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'POST /guide-import/preview': () => ({ response: { preview: PREVIEW } }),
      'POST /guide-import/apply': () => ({
        response: { preview: PREVIEW, applied: { programmes: 3, channelsCreated: 0, channelsUpdated: 0 } },
      }),
    });
    window.history.pushState({}, '', '/admin/channels/import');
    render(<App locale="fr" />);
    await screen.findByRole('heading', { name: 'Importer une grille ou une liste de chaînes' });
    const apply = screen.getByRole('button', { name: 'Appliquer l’import' });
    expect(apply).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Fichier XMLTV (.xml) ou M3U (.m3u)'), {
      target: { files: [new File([XML], 'guide.xml', { type: 'text/xml' })] },
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Prévisualiser' })).toHaveProperty('disabled', false),
    );
    expect(screen.getByRole('radio', { name: 'XMLTV (grille)' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'Prévisualiser' }));
    await screen.findByText('Ligne 9 : début illisible');
    expect(api.calls.find((c) => c.route === 'POST /guide-import/preview')?.body).toEqual({
      format: 'xmltv',
      text: XML,
    });
    expect(screen.getByText('Inconnue : ignorée')).toBeInTheDocument();
    const days = screen.getByRole('heading', { name: 'Programmes par jour (UTC)' }).nextElementSibling as HTMLElement;
    expect(
      within(days)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Playz Une', '2026-12-01', '3', '12']);
    // Nothing was written yet: only the preview was called.
    expect(api.calls.some((c) => c.route === 'POST /guide-import/apply')).toBe(false);

    fireEvent.click(apply);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Import appliqué : 3 programmes, 0 chaînes créées, 0 mises à jour.',
      ),
    );
    expect(api.calls.find((c) => c.route === 'POST /guide-import/apply')?.body).toEqual({ format: 'xmltv', text: XML });
  });

  it('spec 2 channels: an M3U file is recognised by its first line', async () => {
    fakeConsoleApi({ 'GET /session': () => ({ response: { staff: EDITOR } }) });
    window.history.pushState({}, '', '/admin/channels/import');
    render(<App locale="fr" />);
    const input = await screen.findByLabelText('Fichier XMLTV (.xml) ou M3U (.m3u)');
    fireEvent.change(input, {
      target: { files: [new File(['#EXTM3U\n#EXTINF:-1,Une\nhttps://a/b.m3u8'], 'list.txt')] },
    });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'M3U (chaînes)' })).toHaveProperty('checked', true));
  });
});
