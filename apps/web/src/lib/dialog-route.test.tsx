import { describe, expect, it, vi, afterEach } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWidget } from '@/test/render-widget';
import { useDialogRoute, type DialogName } from './dialog-route';

function Probe({ name }: { name: DialogName }) {
  const dialog = useDialogRoute(name);
  return (
    <>
      <button type="button" onClick={dialog.open}>
        open
      </button>
      {dialog.isOpen ? (
        <div role="dialog" aria-label="probe">
          <button type="button" onClick={dialog.close}>
            close
          </button>
        </div>
      ) : null}
      {dialog.isPage ? <p>page version</p> : null}
    </>
  );
}

function mockViewport(isNarrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: isNarrow,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('dialog routes (spec 1 §2: hash on desktop, plain paths on mobile, back closes)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens #/customer/login over the current page on desktop, and browser back closes it', async () => {
    const { router } = renderWidget(<Probe name="/customer/login" />, { path: '/series?tab=1' });
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(router.state.location.pathname).toBe('/series');
    expect(router.state.location.search).toBe('?tab=1');
    expect(router.state.location.hash).toBe('#/customer/login');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.hash).toBe('');
  });

  it('closing a dialog it opened goes back, so back does not reopen it', async () => {
    const { router } = renderWidget(<Probe name="logout-confirm" />, { path: '/customer/account' });
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(router.state.location.hash).toBe('#logout-confirm');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'close' })));
    expect(router.state.location.hash).toBe('');
    expect(router.state.historyAction).toBe('POP');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a dialog reached by its URL closes by dropping the hash (nothing to go back to)', async () => {
    const { router } = renderWidget(<Probe name="/devices-limit-reached" />, { path: '/#/devices-limit-reached' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'close' })));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.hash).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('uses the plain path on a phone-sized screen, shown as a page', () => {
    mockViewport(true);
    const { router } = renderWidget(<Probe name="/service/cookies/settings" />, { path: '/' });
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(router.state.location.pathname).toBe('/service/cookies/settings');
    expect(router.state.location.hash).toBe('');
    expect(screen.getByText('page version')).toBeInTheDocument();
  });

  it('keeps the other markers (#delete-confirm) as hashes on mobile too', () => {
    mockViewport(true);
    const { router } = renderWidget(<Probe name="delete-confirm" />, { path: '/customer/account' });
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(router.state.location.pathname).toBe('/customer/account');
    expect(router.state.location.hash).toBe('#delete-confirm');
  });
});
