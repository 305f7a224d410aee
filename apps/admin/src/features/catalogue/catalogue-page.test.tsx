import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../app';
import { ANA, fakeConsoleApi } from '../../test/fake-console-api';

// The console's Catalogue page (decision 094): the uploads with their media job's progress and
// failure, polled while one runs; the contents made; a content's texts in four languages, rating,
// kind, access; publish and unpublish.

const EDITOR = { ...ANA, id: 2, email: 'eve@playz.fr', name: 'Eve', roles: ['editor'] };
const upload = (over: object) => ({
  id: 'a'.repeat(32),
  fileName: 'phare.mp4',
  size: 1000,
  status: 'processing',
  progress: 40,
  step: 'ladder',
  error: null,
  contentId: null,
  uploadedBy: 'eve@playz.fr',
  createdAt: '2026-11-29T09:00:00.000Z',
  updatedAt: '2026-11-29T09:00:10.000Z',
  ...over,
});
const empty = { fr: { title: '', synopsis: '' }, en: { title: '', synopsis: '' } };
const content = (over: object = {}) => ({
  contentId: 100000,
  kind: 'Film',
  rating: 0,
  texts: {
    ...empty,
    fr: { title: 'phare', synopsis: '' },
    nl: { title: '', synopsis: '' },
    es: { title: '', synopsis: '' },
  },
  access: { type: 'subscription' },
  published: false,
  publishFrom: null,
  publishUntil: null,
  live: false,
  seriesUnpublished: false,
  duration: 2,
  posterUrl: null,
  updatedAt: '2026-11-29T09:00:20.000Z',
  ...over,
});

function renderAt(path: string, locale: 'fr' | 'en' = 'en') {
  window.history.pushState({}, '', `/admin${path}`);
  return render(<App locale={locale} />);
}

afterEach(() => vi.restoreAllMocks());

describe('spec console §Catalogue: the Catalogue page (decision 094)', () => {
  it('polls the uploads while a job runs: the progress moves to done, then a failure shows its reason', async () => {
    let answers = [
      [upload({})],
      [
        upload({ status: 'done', progress: 100, step: null, contentId: 100000 }),
        upload({
          id: 'b'.repeat(32),
          fileName: 'broken.mp4',
          status: 'failed',
          progress: 0,
          error: 'Invalid data found when processing input',
        }),
      ],
    ];
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /catalogue/uploads': () => {
        const uploads = answers[0]!;
        if (answers.length > 1) answers = answers.slice(1);
        return { response: { uploads, total: uploads.length } };
      },
      'GET /catalogue/contents': () => ({ response: { contents: [content()], total: 1 } }),
    });
    renderAt('/catalogue');
    expect(await screen.findByRole('progressbar', { name: 'Preparation of phare.mp4' })).toHaveProperty('value', 40);
    expect(screen.getByText('Preparing')).toBeInTheDocument();
    // No reload: the page asks again by itself while the job runs.
    expect(
      await screen.findByText('Invalid data found when processing input', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ready')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'phare.mp4' }).getAttribute('href')).toBe('/admin/catalogue/100000');
    expect(api.calls.filter((c) => c.route === 'GET /catalogue/uploads').length).toBeGreaterThanOrEqual(2);
    // Editors see the Catalogue in the navigation.
    expect(screen.getByRole('link', { name: 'Catalogue' })).toBeInTheDocument();
  });

  it('saves the four languages, rating and kind, then publishes and unpublishes, saying what happened', async () => {
    let current = content();
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /catalogue/uploads': () => ({ response: { uploads: [], total: 0 } }),
      'GET /catalogue/contents/100000': () => ({ response: { content: current } }),
      'POST /catalogue/contents/100000': (body) => {
        current = content({ ...(body as object), updatedAt: '2026-11-29T09:01:00.000Z' });
        return { response: { content: current } };
      },
      'POST /catalogue/contents/100000/publish': () => {
        current = content({ ...current, published: true, live: true, updatedAt: '2026-11-29T09:02:00.000Z' });
        return { response: { content: current } };
      },
      'POST /catalogue/contents/100000/unpublish': () => {
        current = content({ ...current, published: false, live: false, updatedAt: '2026-11-29T09:03:00.000Z' });
        return { response: { content: current } };
      },
    });
    renderAt('/catalogue/100000');
    const frTitle = await screen.findByRole('textbox', { name: 'Title (French)' });
    fireEvent.change(frTitle, { target: { value: 'Le Phare' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Title (English)' }), { target: { value: 'The Lighthouse' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Synopsis (Dutch)' }), { target: { value: 'Een storm.' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Rating' }), { target: { value: '12' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), { target: { value: 'Clip' } });
    const saveButton = screen.getByRole('button', { name: 'Save' });
    saveButton.focus();
    fireEvent.click(saveButton);
    await waitFor(() => expect(api.calls.some((c) => c.route === 'POST /catalogue/contents/100000')).toBe(true));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    // The answer replaces the content, not the editor: the same button keeps the keyboard's focus
    // and what was said stays said (a rebuilt editor lost both in Chromium).
    expect(screen.getByRole('button', { name: 'Save' })).toBe(saveButton);
    expect(document.activeElement).toBe(saveButton);
    const saved = api.calls.find((c) => c.route === 'POST /catalogue/contents/100000')!;
    expect(saved.contentType).toBe('application/json');
    expect(saved.body).toMatchObject({
      kind: 'Clip',
      rating: 12,
      access: { type: 'subscription' },
      texts: { fr: { title: 'Le Phare' }, en: { title: 'The Lighthouse' }, nl: { synopsis: 'Een storm.' } },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published: in the catalogue and search.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.route === 'POST /catalogue/contents/100000/publish')!.body).toEqual({
      from: null,
      until: null,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText('Unpublished: out of the catalogue and search.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('main')).getByText('Not published')).toBeInTheDocument());
  });

  it('decision 105: a published episode of an unpublished series says why it is not live, in the list, the editor and on publishing', async () => {
    const episode = (over: object) => content({ seriesUnpublished: true, ...over });
    let current = episode({});
    fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /catalogue/uploads': () => ({ response: { uploads: [], total: 0 } }),
      'GET /catalogue/contents': () => ({ response: { contents: [episode({ published: true })], total: 1 } }),
      'GET /catalogue/contents/100000': () => ({ response: { content: current } }),
      'POST /catalogue/contents/100000/publish': () => {
        current = episode({ published: true, live: false, updatedAt: '2026-11-29T09:02:00.000Z' });
        return { response: { content: current } };
      },
    });
    const view = renderAt('/catalogue/100000', 'fr');
    // Not published yet: its own state comes first.
    expect(await within(await screen.findByRole('main')).findByText('Non publié')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Publier' }));
    const said = 'Pas en ligne : sa série n’est pas publiée';
    await waitFor(() => expect(within(screen.getByRole('main')).getAllByText(said)).toHaveLength(2));
    expect(screen.queryByText('Publié : visible aux dates choisies.')).toBeNull();
    view.unmount();

    renderAt('/catalogue', 'en');
    expect(await screen.findByText('Not live: its series is not published')).toBeInTheDocument();
  });
});
