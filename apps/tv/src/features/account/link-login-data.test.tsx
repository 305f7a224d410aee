import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderTv } from '@/test/render-tv';

const LINK = {
  url: 'http://localhost/customer/link?code=ABCD2345',
  code: 'ABCD2345',
  qrImage: 'data:image/png;base64,iVBORw0KGgo=',
  expiresAt: '2030-01-01T00:00:00.000Z',
};

/** Logs the TV in at the first poll, with `data` as what the phone attached (spec 1 §7 /data). */
function logInWith(data: unknown) {
  return renderTv('/login', {
    'GET /customer/account/link': { response: { Link: LINK } },
    'GET /customer/account/link/status': {
      response: { Status: { used: true, registered: false, logged: true, cuid: 'c-1', data } },
    },
  });
}

describe("the phone's note to the TV is checked against the contract's schema before use", () => {
  it('spec 1 §7 /data: a requested_url of this site opens there after log-in', async () => {
    const view = logInWith({ requested_url: '/channels' });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/channels'), { timeout: 8000 });
  });

  it.each([
    ['a protocol-relative URL', { requested_url: '//evil' }],
    ['a path with a control character', { requested_url: '/\t/evil' }],
    ['a note with a key of the wrong shape', { requested_url: '/channels', locale: 42 }],
    ['a note that is not an object', ['/channels']],
  ])('%s is ignored: the TV goes home', async (_, data) => {
    const view = logInWith(data);
    // The page starts at /login: it leaves once the log-in is done, for home.
    await waitFor(() => expect(view.router.state.location.pathname).not.toBe('/login'), { timeout: 8000 });
    expect(view.router.state.location.pathname).toBe('/');
  });
});
