import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderTv } from '@/test/render-tv';

const LINK = {
  url: 'http://localhost/customer/link?code=ABCD2345',
  code: 'ABCD2345',
  qrImage: 'data:image/png;base64,iVBORw0KGgo=',
  expiresAt: '2030-01-01T00:00:00.000Z',
};
const status = (logged: boolean) => ({
  response: { Status: { used: logged, registered: false, logged, cuid: logged ? 'c-1' : null, data: null } },
});

describe('log-in by link code and QR (spec 1 §3 link codes, decisions 011 and 035)', () => {
  it('spec 1 §3: shows the code and its QR, polls /status, and goes home once the phone approved', async () => {
    let polls = 0;
    const view = renderTv('/login', {
      'GET /customer/account/link': { response: { Link: LINK } },
      'GET /customer/account/link/status': (query) => {
        expect(query.get('code')).toBe('ABCD2345');
        polls += 1;
        return status(polls >= 2);
      },
    });
    expect(await screen.findByText('ABCD 2345')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code de connexion' }).getAttribute('src')).toBe(LINK.qrImage);
    // The link page asked for a log-in code, with the TV's common parameters (spec 1 §7).
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'), { timeout: 8000 });
    expect(polls).toBe(2);
    // The customer is loaded again after the log-in.
    expect(view.calls.filter((c) => c === 'GET /data').length).toBeGreaterThanOrEqual(2);
  });

  it('spec 1 §3: a code that died (error 7) is replaced by a new one', async () => {
    let links = 0;
    renderTv('/login', {
      'GET /customer/account/link': () => {
        links += 1;
        return { response: { Link: { ...LINK, code: links === 1 ? 'AAAA1111' : 'BBBB2222' } } };
      },
      'GET /customer/account/link/status': (query) => (query.get('code') === 'AAAA1111' ? { error: 7 } : status(false)),
    });
    expect(await screen.findByText('BBBB 2222')).toBeTruthy();
  });
});
