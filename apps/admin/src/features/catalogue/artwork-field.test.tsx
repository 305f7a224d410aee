import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ARTWORK_MAX_BYTES } from '@playz/api-contract/admin';
import { App } from '../../app';
import { ANA, fakeConsoleApi } from '../../test/fake-console-api';

// Decision 113: the content form's artwork field — a picture picked shows as a preview, is sent
// as base64 to the artwork call, and the picture the viewers now get replaces the preview; a file
// past the cap is said before it is read, a refusal is said in the console's language.

const EDITOR = { ...ANA, id: 2, email: 'eve@playz.fr', name: 'Eve', roles: ['editor'] };
const blank = { title: '', synopsis: '' };
const content = (over: object = {}) => ({
  contentId: 100000,
  kind: 'Film',
  rating: 0,
  texts: { fr: { title: 'phare', synopsis: '' }, en: blank, nl: blank, es: blank },
  access: { type: 'subscription' },
  published: true,
  publishFrom: null,
  publishUntil: null,
  live: true,
  seriesUnpublished: false,
  duration: 2,
  posterUrl: '/media/clips/imported-100000/poster.jpg',
  updatedAt: '2026-11-29T09:00:20.000Z',
  ...over,
});

// The panel reads what viewers see now (decision 115): here, nothing yet.
const NO_IMAGES = { landscape: null, portrait: null, backdrop: null };

// The first bytes of a PNG: the server reads the type from them; the console sends them as they are.
const png = (size = 32) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, ...new Uint8Array(size)])], 'key-art.png', { type: 'image/png' });

function renderAt(path: string, locale: 'fr' | 'en' = 'en') {
  window.history.pushState({}, '', `/admin${path}`);
  return render(<App locale={locale} />);
}

afterEach(() => vi.restoreAllMocks());

describe('spec console §Catalogue: artwork on the content form (decision 113)', () => {
  it('decision 113 a poster picked is previewed, sent as base64, and the new picture replaces the preview', async () => {
    const landscape = '/media/artwork/content-100000/poster-0123456789abcdef.jpg';
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /catalogue/uploads': () => ({ response: { uploads: [], next: null } }),
      'GET /catalogue/contents/100000': () => ({ response: { content: content() } }),
      'GET /catalogue/contents/100000/artwork': () => ({ response: { images: NO_IMAGES } }),
      'POST /catalogue/contents/100000/artwork': () => ({
        response: {
          content: content({ posterUrl: landscape }),
          images: { landscape, portrait: landscape.replace('poster-', 'portrait-'), backdrop: null },
        },
      }),
    });
    renderAt('/catalogue/100000');
    const input = await screen.findByLabelText('Poster');
    const send = screen.getByRole('button', { name: 'Send the poster' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    const file = png();
    fireEvent.change(input, { target: { files: [file] } });
    // The picked file's preview, before anything is sent.
    await waitFor(() =>
      expect(
        screen.getAllByAltText('Preview').some((img) => img.getAttribute('src')?.startsWith('data:image/png;base64,')),
      ).toBe(true),
    );
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(send);
    expect(await screen.findByText('Picture saved: viewers see it now.')).toBeInTheDocument();
    const sent = api.calls.find((c) => c.route === 'POST /catalogue/contents/100000/artwork')!;
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(sent.body).toEqual({ kind: 'poster', data: Buffer.from(bytes).toString('base64') });
    await waitFor(() =>
      expect(screen.getAllByAltText('Preview').map((img) => img.getAttribute('src'))).toContain(landscape),
    );
  });

  it('decision 113 a file past the cap is said before it is sent; a refused picture is said in French', async () => {
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /catalogue/uploads': () => ({ response: { uploads: [], next: null } }),
      'GET /catalogue/contents/100000': () => ({ response: { content: content() } }),
      'GET /catalogue/contents/100000/artwork': () => ({ response: { images: NO_IMAGES } }),
      'POST /catalogue/contents/100000/artwork': () => ({ status: 400, number: 3 }),
    });
    renderAt('/catalogue/100000', 'fr');
    const backdrop = await screen.findByLabelText('Image de fond');
    const huge = png();
    Object.defineProperty(huge, 'size', { value: ARTWORK_MAX_BYTES + 1 });
    fireEvent.change(backdrop, { target: { files: [huge] } });
    expect(await screen.findByText('Fichier trop lourd : 10 Mo au plus.')).toBeInTheDocument();
    expect((screen.getByRole('button', { name: 'Envoyer l’image de fond' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(backdrop, { target: { files: [png()] } });
    const send = screen.getByRole('button', { name: 'Envoyer l’image de fond' }) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    expect(
      await screen.findByText('Image refusée : JPEG, PNG ou WebP d’au moins 640 × 360, 10 Mo au plus.'),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.route === 'POST /catalogue/contents/100000/artwork')).toHaveLength(1);
  });
});
