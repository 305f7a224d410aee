import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ApiError } from '@playz/api-client';
import { ApiErrorNumber } from '@playz/domain';
import { renderWidget } from '@/test/render-widget';
import { PlayerLoadFailure } from './player-load-failure';

const failure = (error: unknown) => (
  <PlayerLoadFailure error={error} notFoundNumber={ApiErrorNumber.ContentNotFound} notFound={<p>introuvable</p>} />
);

describe('a player page whose item failed to load (spec 1 §8, decision 059)', () => {
  it('tells a kids profile the item is not for it, with the way home, instead of a generic error', () => {
    const refused = new ApiError(4, 'forbidden', 403, '/content/1011', 'NotForKidsProfile');
    renderWidget(failure(refused));
    expect(screen.getByRole('alert')).toHaveTextContent("Ce programme n'est pas disponible sur un profil enfant.");
    expect(screen.getByRole('link', { name: 'Accueil' })).toHaveAttribute('href', '/');
  });

  it('keeps the not-found page and the generic error for the others', () => {
    renderWidget(failure(new ApiError(20, 'content not found', 404, '/content/9')));
    expect(screen.getByText('introuvable')).toBeInTheDocument();
    renderWidget(failure(new ApiError(4, 'forbidden', 403, '/content/1011')));
    expect(screen.getByRole('alert')).toHaveTextContent("Une erreur s'est produite");
  });
});
