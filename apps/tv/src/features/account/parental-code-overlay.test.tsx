import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderTv, type Reply } from '@/test/render-tv';

// Spec 1 §6 "a parental code protects content" (decision 059): a content at or above the account's
// threshold is refused with Reason ParentalCodeRequired until the code's proof comes with the call.

const film = (contentID: number) => ({
  ...{ contentID, contentType: 'Film', title: 'Nuit blanche', rating: 16 },
  ...{ images: {}, duration: 1500, playbackTime: null },
});
const subscriber = {
  ...{ logged: true, consent: null, productAccess: [], hasFullAccess: true, purchases: [], subscriptions: [] },
  ...{ profiles: [], currentProfileIndex: 0, hasParentalCode: true, parentalThreshold: 16 },
};
const stream = (contentID: number) => ({
  AdaptiveStream: {
    ...{ url: `/media/s/tok/c/${contentID}/manifest.mpd`, type: 'dash', usage: 'View', tracks: [], thumbnails: [] },
    ...{ signingCookies: null, contentProtection: null, expiresAt: '2030-01-01T00:00:00.000Z' },
  },
});
const valid = (contentID: number): Reply => ({
  response: { Valid: true, ParentalProof: { proof: `proof-${contentID}`, expiresAt: '2030-01-01T00:00:00.000Z' } },
});

/** The TV player of a -16 film, whose code checks answer `checks` one after the other. */
function renderRatedFilm(contentID: number, checks: Reply[]) {
  const proofs: (string | null)[] = [];
  const rendered = renderTv(`/clip/${contentID}/player`, {
    'GET /data': { response: { App: { cookieTypes: [], inAppPurchases: [] }, Customer: subscriber } },
    [`GET /content/${contentID}`]: { response: { Content: film(contentID) } },
    [`GET /content/${contentID}/url/adaptive`]: (query) => {
      proofs.push(query.get('parental_proof'));
      return query.get('parental_proof') === `proof-${contentID}`
        ? { response: stream(contentID) }
        : { error: 4, reason: 'ParentalCodeRequired' };
    },
    'POST /customer/parental-code/check': () => checks.shift() ?? { error: 7 },
  });
  return { ...rendered, proofs };
}

const type = (digits: string) => {
  for (const key of digits) act(() => void fireEvent.keyDown(window, { key }));
};
const filled = () => document.querySelectorAll('.pin__cell[data-filled]').length;

describe('spec 1 §6 parental code on the TV player (decision 059)', () => {
  it('spec 1 §6 parental code: asks with the D-pad pad, refuses a wrong code, plays after the right one with its proof', async () => {
    const { calls, proofs } = renderRatedFilm(2101, [{ response: { Valid: false } }, valid(2101)]);
    const pad = await screen.findByRole('dialog', { name: 'Code parental' }, { timeout: 5000 });
    expect(within(pad).getByText(/Saisissez le code parental pour regarder ce programme/)).toBeTruthy();
    type('1111');
    expect((await within(pad).findByRole('alert')).textContent).toBe('Le code parental est incorrect');
    expect(filled()).toBe(0);
    type('4826');
    await waitFor(() => expect(proofs).toContain('proof-2101'));
    // The stream asked again with the proof plays: the pad and its notice go.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Code parental' })).toBeNull());
    expect(screen.queryByRole('region', { name: 'Code parental' })).toBeNull();
    expect(calls.filter((call) => call === 'POST /customer/parental-code/check')).toHaveLength(2);
  });

  it('spec 1 §6 parental code: the lockout (HTTP 429) is said, and nothing plays', async () => {
    const { proofs } = renderRatedFilm(2102, [{ error: 4, status: 429 }]);
    const pad = await screen.findByRole('dialog', { name: 'Code parental' }, { timeout: 5000 });
    type('4826');
    expect((await within(pad).findByRole('alert')).textContent).toBe(
      'Trop de tentatives. Réessayez dans quelques minutes.',
    );
    expect(filled()).toBe(0);
    expect(proofs.every((proof) => proof === null)).toBe(true);
  });

  it('spec 1 §6 parental code: back closes the pad and leaves a button that opens it again', async () => {
    renderRatedFilm(2103, []);
    await screen.findByRole('dialog', { name: 'Code parental' }, { timeout: 5000 });
    act(() => void fireEvent.keyDown(window, { key: 'Escape' }));
    const ask = await screen.findByRole('button', { name: 'Saisir le code parental' });
    expect(screen.queryByRole('dialog', { name: 'Code parental' })).toBeNull();
    fireEvent.click(ask);
    expect(await screen.findByRole('dialog', { name: 'Code parental' })).toBeTruthy();
  });
});
