import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../app';
import { ANA, fakeConsoleApi } from '../../test/fake-console-api';

const EDITOR = { ...ANA, id: 5, email: 'eve@playz.fr', name: 'Eve', roles: ['editor'] };
const SUPPORT = { ...ANA, id: 6, email: 'sam@playz.fr', name: 'Sam', roles: ['support'] };
const row = (id: number, rowType: string, fr: string, extra: Record<string, unknown> = {}) => ({
  id,
  position: id,
  rowType,
  typeID: null as number | null,
  targetName: null as string | null,
  style: 'Landscape',
  titles: { fr, en: '', nl: '', es: '' },
  hiddenAt: null as string | null,
  ...extra,
});
const images = { landscape: null, portrait: null, backdrop: null };
const content = (contentID: number, title: string) => ({
  contentID,
  title,
  thumbnailUrl: `/media/${contentID}.jpg`,
  posterUrl: `/media/${contentID}-poster.jpg`,
  images,
});
/** A viewer's Rows as the preview answers them: the titles in the row order asked. */
const previewRows = (rows: ReturnType<typeof row>[], kids = false) =>
  rows.map((r) => ({
    rowType: r.rowType,
    typeID: r.typeID,
    style: r.style,
    title: r.titles.fr,
    data:
      r.rowType === 'Favorites'
        ? { Favorites: [] }
        : { Collection: kids ? [content(3001, 'Pour les petits')] : [content(1001, 'Nuit blanche')] },
  }));
const choices = { collections: [{ id: 2, name: 'Sketches' }], categories: [{ id: 1, name: 'Comédie' }] };

function renderAt(path: string) {
  window.history.pushState({}, '', `/admin${path}`);
  return render(<App locale="fr" />);
}
const titles = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((tr) => within(tr).getAllByRole('cell')[1]!.textContent);

describe('home rows in the console (decision 106; spec 2 §2 Home rows)', () => {
  it('spec 2 §2 Home rows: an editor moves a row with the keyboard; the preview shows the unsaved order; saving sends it', async () => {
    let rows = [row(1, 'ReplayMovies', 'Films'), row(2, 'Favorites', 'Mes favoris'), row(3, 'Series', 'Séries')];
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /home-rows': () => ({ response: { rows, ...choices } }),
      'POST /home-rows/preview': (body) => {
        const { order, viewer } = body as { order?: number[]; viewer: string };
        const ordered = order ? order.map((id) => rows.find((r) => r.id === id)!) : rows;
        return { response: { Rows: previewRows(ordered, viewer === 'kids') } };
      },
      'POST /home-rows/order': (body) => {
        const ids = (body as { ids: number[] }).ids;
        rows = ids.map((id, i) => ({ ...rows.find((r) => r.id === id)!, position: i + 1 }));
        return { response: { rows } };
      },
    });
    renderAt('/home-rows');
    await screen.findByRole('heading', { name: 'Rangées de l’accueil' });
    await waitFor(() => expect(titles()).toEqual(['Films', 'Mes favoris', 'Séries']));
    // The preview: the subscriber first, posters drawn, the own row said empty.
    const preview = screen.getByRole('region', { name: 'Aperçu' });
    await within(preview).findAllByText('Nuit blanche');
    // Posters are drawn beside their titles (alt empty: the title says what it is).
    expect(preview.querySelector('img')?.getAttribute('src')).toBe('/media/1001.jpg');
    expect(within(preview).getByText('Pas affichée : vide pour ce spectateur.')).toBeInTheDocument();

    const down = screen.getByRole('button', { name: 'Descendre Films' });
    down.focus();
    fireEvent.click(down);
    await waitFor(() => expect(titles()).toEqual(['Mes favoris', 'Films', 'Séries']));
    expect(screen.getByRole('status').textContent).toBe('Films est maintenant à la place 2. Ordre non enregistré.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Descendre Films' })));
    // Nothing saved yet; the preview asks for the unsaved order.
    expect(api.calls.some((c) => c.route === 'POST /home-rows/order')).toBe(false);
    await waitFor(() =>
      expect(api.calls.filter((c) => c.route === 'POST /home-rows/preview').at(-1)?.body).toEqual({
        viewer: 'subscriber',
        locale: 'fr',
        order: [2, 1, 3],
      }),
    );
    await waitFor(() =>
      expect(
        within(preview)
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.firstChild?.textContent),
      ).toEqual(['Mes favoris', 'Films', 'Séries']),
    );
    expect(within(preview).getByText('Aperçu de l’ordre non enregistré.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer l’ordre' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Ordre enregistré : les applications le suivent.'),
    );
    expect(api.calls.find((c) => c.route === 'POST /home-rows/order')?.body).toEqual({ ids: [2, 1, 3] });
    expect(screen.queryByRole('button', { name: 'Enregistrer l’ordre' })).toBeNull();
    // Many steps, each waiting on the fake API: more than the default 5 s on a busy machine.
  }, 20_000);

  it('spec 2 §2 and §6: the preview answers per kind of viewer and language', async () => {
    const rows = [row(1, 'ReplayMovies', 'Films')];
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /home-rows': () => ({ response: { rows, ...choices } }),
      'POST /home-rows/preview': (body) => ({
        response: { Rows: previewRows(rows, (body as { viewer: string }).viewer === 'kids') },
      }),
    });
    renderAt('/home-rows');
    const preview = await screen.findByRole('region', { name: 'Aperçu' });
    await within(preview).findByText('Nuit blanche');
    fireEvent.click(within(preview).getByRole('button', { name: 'Profil enfant' }));
    await within(preview).findByText('Pour les petits');
    expect(within(preview).getByRole('button', { name: 'Profil enfant' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(preview).getByText(/Seuls les contenus qui conviennent aux enfants/)).toBeInTheDocument();
    fireEvent.change(within(preview).getByLabelText('Langue'), { target: { value: 'nl' } });
    await waitFor(() =>
      expect(api.calls.filter((c) => c.route === 'POST /home-rows/preview').at(-1)?.body).toEqual({
        viewer: 'kids',
        locale: 'nl',
      }),
    );
    fireEvent.click(within(preview).getByRole('button', { name: 'Visiteur' }));
    await within(preview).findByText(/Sur le web, un visiteur arrive sur la page des offres/);
  });

  it('spec 2 §2 Home rows: an editor adds a collection row with its titles; a refusal says why', async () => {
    let rows = [row(1, 'ReplayMovies', 'Films')];
    let refuse = true;
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /home-rows': () => ({ response: { rows, ...choices } }),
      'POST /home-rows/preview': () => ({ response: { Rows: previewRows(rows) } }),
      'POST /home-rows': (body) => {
        if (refuse) return { status: 404, number: 24 };
        const b = body as { rowType: string; typeID: number; style: string; titles: { fr: string } };
        const added = row(2, b.rowType, b.titles.fr, { typeID: b.typeID, targetName: 'Sketches', style: b.style });
        rows = [...rows, added];
        return { response: { row: added } };
      },
    });
    renderAt('/home-rows');
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter une rangée' }));
    const form = screen.getByRole('form', { name: 'Nouvelle rangée' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Type'));
    fireEvent.change(within(form).getByLabelText('Collection'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('Style'), { target: { value: 'Portrait' } });
    fireEvent.change(within(form).getByLabelText('Titre (français)'), { target: { value: 'Pour rire' } });
    fireEvent.change(within(form).getByLabelText('Titre (anglais)'), { target: { value: 'For a laugh' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Cette collection n’existe pas.');

    refuse = false;
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(titles()).toEqual(['Films', 'Pour rire']));
    expect(api.calls.filter((c) => c.route === 'POST /home-rows').at(-1)?.body).toEqual({
      rowType: 'ContentCollection',
      typeID: 2,
      style: 'Portrait',
      titles: { fr: 'Pour rire', en: 'For a laugh', nl: '', es: '' },
    });
    expect(screen.getByText('Sketches')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('spec 2 §2 Home rows: an editor finds a season by its name for a list row', async () => {
    let rows = [row(1, 'ReplayMovies', 'Films')];
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /home-rows': () => ({ response: { rows, ...choices } }),
      'POST /home-rows/preview': () => ({ response: { Rows: previewRows(rows) } }),
      'GET /home-rows/lists': (_body, url) => ({
        response: {
          lists:
            url.searchParams.get('q') === 'brig'
              ? [{ id: 2101, name: 'Brigade du Port, saison 1', type: 'Season' }]
              : [],
        },
      }),
      'POST /home-rows': (body) => {
        const b = body as { rowType: string; typeID: number; titles: { fr: string } };
        const added = row(2, b.rowType, b.titles.fr, { typeID: b.typeID, targetName: 'Brigade du Port, saison 1' });
        rows = [...rows, added];
        return { response: { row: added } };
      },
    });
    renderAt('/home-rows');
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter une rangée' }));
    const form = screen.getByRole('form', { name: 'Nouvelle rangée' });
    fireEvent.change(within(form).getByLabelText('Type'), { target: { value: 'ContentList' } });
    fireEvent.change(within(form).getByLabelText('Chercher une liste par son nom'), { target: { value: 'brig' } });
    const picked = await within(form).findByRole('option', { name: 'Brigade du Port, saison 1 (#2101, Season)' });
    fireEvent.change(within(form).getByLabelText('Liste (série, saison)'), {
      target: { value: (picked as HTMLOptionElement).value },
    });
    fireEvent.change(within(form).getByLabelText('Titre (français)'), { target: { value: 'La saison 1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(titles()).toEqual(['Films', 'La saison 1']));
    expect(api.calls.find((c) => c.route === 'GET /home-rows/lists')?.url.searchParams.get('q')).toBe('brig');
    expect(api.calls.filter((c) => c.route === 'POST /home-rows').at(-1)?.body).toMatchObject({
      rowType: 'ContentList',
      typeID: 2101,
    });
  });

  it('spec 2 §2 Home rows: an editor changes a row’s titles, hides it and deletes another after confirming', async () => {
    let rows = [row(1, 'ReplayMovies', 'Films'), row(2, 'Series', 'Séries')];
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /home-rows': () => ({ response: { rows, ...choices } }),
      'POST /home-rows/preview': () => ({ response: { Rows: previewRows(rows.filter((r) => !r.hiddenAt)) } }),
      'POST /home-rows/1': (body) => {
        const b = body as { style: string; titles: (typeof rows)[number]['titles'] };
        rows = [{ ...rows[0]!, ...b }, rows[1]!];
        return { response: { row: rows[0] } };
      },
      'POST /home-rows/1/hide': () => {
        rows = [{ ...rows[0]!, hiddenAt: '2026-11-29T10:00:00.000Z' }, rows[1]!];
        return { response: { row: rows[0], repeated: false } };
      },
      'POST /home-rows/2/delete': () => {
        rows = [rows[0]!];
        return { response: { deleted: 2 } };
      },
    });
    renderAt('/home-rows');
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier Films' }));
    const form = screen.getByRole('form', { name: 'Modifier la rangée' });
    expect(within(form).queryByLabelText('Type')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Titre (français)'), { target: { value: 'Nos films' } });
    fireEvent.change(within(form).getByLabelText('Titre (espagnol)'), { target: { value: 'Películas' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(titles()).toEqual(['Nos films', 'Séries']));
    expect(api.calls.find((c) => c.route === 'POST /home-rows/1')?.body).toEqual({
      style: 'Landscape',
      titles: { fr: 'Nos films', en: '', nl: '', es: 'Películas' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Masquer Nos films' }));
    await screen.findByRole('button', { name: 'Afficher Nos films' });
    expect(screen.getByText('Masquée')).toBeInTheDocument();

    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer Séries' }));
    await waitFor(() => expect(titles()).toEqual(['Nos films']));
    expect(confirm).toHaveBeenCalledWith(
      'Supprimer la rangée « Séries » ? Elle disparaît de l’accueil de tous les spectateurs.',
    );
    expect(api.calls.map((c) => c.route)).toContain('POST /home-rows/2/delete');
  });

  it('decision 080: support has no home rows section', async () => {
    fakeConsoleApi({ 'GET /session': () => ({ response: { staff: SUPPORT } }) });
    renderAt('/home-rows');
    await screen.findByRole('navigation');
    expect(screen.queryByRole('link', { name: 'Accueil' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Rangées de l’accueil' })).toBeNull();
  });
});
