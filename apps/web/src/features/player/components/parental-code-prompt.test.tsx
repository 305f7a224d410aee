import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeApp, makeContent, makeCustomer, makeAdaptiveStream } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

// The parental code asked before a content at or above the account's threshold (spec 1 §6,
// decision 059): the dialog opens on the stage, a right code gets the content's proof and the
// stream is asked again with it.

vi.mock('@playz/player', async (original) => (await import('@/test/idle-player')).withIdlePlayer(await original()));

const STREAM = makeAdaptiveStream('/media/s/tok/c/1/manifest.mpd');
const CODE_REQUIRED = JSON.stringify({
  Response: null,
  Error: { Number: 4, Message: 'code', Reason: 'ParentalCodeRequired' },
});

function server() {
  return {
    'GET /data': {
      response: { App: makeApp(), Customer: makeCustomer({ logged: true, registered: true, hasParentalCode: true }) },
    },
    'GET /content/1011': { response: { Content: makeContent(1011, { title: 'Le Ciel en feu', rating: 16 }) } },
    'GET /content/1011/related': { response: { Collection: [] } },
    'GET /content/1011/url/adaptive': (request) =>
      request.query.get('parental_proof') === '1011.1900000000.proof'
        ? { response: { AdaptiveStream: STREAM } }
        : { raw: CODE_REQUIRED, status: 403 },
    'POST /customer/parental-code/check': (request) =>
      request.body.get('code') === '2468' && request.body.get('content_id') === '1011'
        ? {
            response: {
              Valid: true,
              ParentalProof: { proof: '1011.1900000000.proof', expiresAt: '2030-01-01T00:00:00.000Z' },
            },
          }
        : { response: { Valid: false } },
  } satisfies Record<string, MockHandler>;
}

const box = (n: number) => screen.getByLabelText(`Chiffre ${n} sur 4`) as HTMLInputElement;
const type = (code: string) =>
  [...code].forEach((digit, i) => fireEvent.change(box(i + 1), { target: { value: digit } }));

describe('the parental code before a rated content (spec 1 §6, decision 059)', () => {
  it('asks for the code on the stage, refuses a wrong one, and plays with the proof of the right one', async () => {
    const { callsTo } = renderApp('/content/1011/le-ciel-en-feu', server());
    await screen.findByRole('region', { name: 'Code parental' }, { timeout: 5000 });
    expect(
      screen.getAllByText('Saisissez le code parental pour regarder ce programme, déconseillé aux plus jeunes.').length,
    ).toBeGreaterThan(0);
    type('1111');
    expect(await screen.findByText('Le code parental est incorrect')).toBeInTheDocument();
    type('2468');
    await waitFor(() =>
      expect(callsTo('GET', '/content/1011/url/adaptive').at(-1)?.query.get('parental_proof')).toBe(
        '1011.1900000000.proof',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Code parental' })).toBeNull());
  });
});
