import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '@/test/render-widget';
import { makeContent } from '@/test/fixtures';
import { bilingualLanguages } from '@playz/player/testing';
import { RemotePage } from './remote-page';

/** The browser WebSocket as the page opens it: frames sent are kept, server frames pushed by hand. */
class FakeSocket {
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: { action?: string; data?: Record<string, unknown> }[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as FakeSocket['sent'][number]);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(frame: object) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
  actions = () => this.sent.map((frame) => frame.action);
}

const TV = { udid: 'tv-1', platform: 'Tizen', type: 'Server', name: 'Samsung salon', cuid: 'c-1', host: null };
const PHONE = { udid: 'phone-1', platform: 'Web', type: 'Client', name: 'Web', cuid: 'c-1', host: null };

function socket() {
  const ws = FakeSocket.last;
  if (!ws) throw new Error('the page opened no socket');
  return ws;
}

/**
 * Runs `action` and waits until it made the page send `frame`: the frames it added are looked
 * at, not the last one sent, which a request still under way may follow or precede.
 */
async function expectSent(action: () => unknown, frame: object) {
  const from = socket().sent.length;
  action();
  await waitFor(() => expect(socket().sent.slice(from)).toContainEqual(frame));
}

/** The actions the page sent from `from` on (the length of `sent` before a step). */
const actionsFrom = (from: number) => socket().actions().slice(from);

/** The page with its socket registered and the account's TV listed. */
async function openPage(path = '/remote', handlers = {}) {
  const view = renderWidget(<RemotePage />, {
    path,
    handlers: { 'GET /content/1001': { response: { Content: makeContent(1001, { title: 'La Mer' }) } }, ...handlers },
  });
  await waitFor(() => expect(FakeSocket.last).not.toBeNull());
  act(() => socket().open());
  socket().push({ event: 'onDeviceRegistered', data: { device: PHONE, connection: 'c' } });
  socket().push({ event: 'onServerDevicesListUpdated', data: { devices: [TV] } });
  return view;
}

beforeEach(() => {
  FakeSocket.last = null;
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('the phone remote control page (spec 2 §4 Remote control, §7 WebSocket)', () => {
  it('spec 2 §7 registers as a Client, lists the account’s screens and links one', async () => {
    await openPage();
    expect(socket().url).toMatch(/\/api\/1\.2\/remote\/socket$/);
    expect(socket().sent[0]).toMatchObject({ action: 'registerDevice', data: { type: 'Client', platform: 'Web' } });
    expect(screen.getByText('Samsung salon')).toBeInTheDocument();
    await expectSent(() => fireEvent.click(screen.getByRole('button', { name: 'Piloter — Samsung salon' })), {
      action: 'linkServerDevice',
      data: { udid: 'tv-1' },
    });
    const linked = socket().sent.length;
    socket().push({ event: 'onServerDeviceLinked', data: { device: TV } });
    // Linked: the phone asks where the TV stands.
    await waitFor(() => expect(actionsFrom(linked)).toEqual(['requestCurrentRoute', 'requestCurrentPlayback']));
    expect(screen.getByRole('button', { name: 'Arrêter — Samsung salon' })).toBeInTheDocument();
  });

  it('spec 2 §4 mirrors the TV’s video and drives it: play / pause / seek', async () => {
    await openPage();
    socket().push({ event: 'onServerDeviceLinked', data: { device: TV } });
    socket().push({
      event: 'onNotifyCurrentPlayback',
      data: { route: '/content/1001/player', time: 30, duration: 600, paused: false, queue: [], position: null },
      device: 'tv-1',
    });
    // The title comes from the catalogue (a placeholder until it answers).
    await waitFor(() => expect(screen.getByTestId('remote-now-title')).toHaveTextContent('La Mer'));
    await expectSent(() => fireEvent.click(screen.getByRole('button', { name: 'Pause' })), {
      action: 'requestVideoPause',
      data: {},
    });
    socket().push({ event: 'onNotifyVideoPause', data: { time: 31 }, device: 'tv-1' });
    await expectSent(() => fireEvent.click(screen.getByRole('button', { name: 'Lecture' })), {
      action: 'requestVideoPlay',
      data: {},
    });
    await expectSent(() => fireEvent.click(screen.getByRole('button', { name: 'Avancer de 10 secondes' })), {
      action: 'requestVideoSeek',
      data: { time: 41 },
    });
    // spec 2 §9: the time updates move the seek bar.
    socket().push({ event: 'onNotifyVideoTimeUpdate', data: { time: 75.2, duration: 600 }, device: 'tv-1' });
    expect(screen.getByTestId('remote-time')).toHaveTextContent('01:15');
  });

  it('spec 2 §2 previous and next move through the TV’s queue', async () => {
    await openPage();
    socket().push({ event: 'onServerDeviceLinked', data: { device: TV } });
    const queue = ['/content/1001/player', '/channel/3/player', '/content/1001/player'];
    const data = { route: '/channel/3/player', time: 0, duration: 0, paused: false, queue, position: 1 };
    socket().push({ event: 'onNotifyCurrentPlayback', data, device: 'tv-1' });
    const send = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
    await expectSent(() => send('Précédent'), { action: 'requestPositionChange', data: { position: 0 } });
    await expectSent(() => send('Suivant'), { action: 'requestPositionChange', data: { position: 2 } });
    socket().push({ event: 'onNotifyQueueUpdated', data: { queue, position: 2 }, device: 'tv-1' });
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled();
  });

  it('spec 2 §2 previous and next of an episode or a channel alone: the TV says which it has and decides where they lead', async () => {
    await openPage();
    socket().push({ event: 'onServerDeviceLinked', data: { device: TV } });
    const data = { route: '/clip/3201/player', time: 0, duration: 0, paused: false, queue: [], position: null };
    socket().push({ event: 'onNotifyCurrentPlayback', data, device: 'tv-1' });
    // Nothing before nor after: no buttons.
    expect(screen.queryByRole('button', { name: 'Précédent' })).toBeNull();
    socket().push({ event: 'onNotifyNeighbours', data: { previous: true, next: false }, device: 'tv-1' });
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled();
    const send = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
    await expectSent(() => send('Précédent'), { action: 'requestSkip', data: { direction: 'previous' } });
    socket().push({ event: 'onNotifyNeighbours', data: { previous: true, next: true }, device: 'tv-1' });
    await expectSent(() => send('Suivant'), { action: 'requestSkip', data: { direction: 'next' } });
    // In a queue, its items come first; past its last, the TV's own Next.
    const queue = ['/clip/3201/player', '/clip/1001/player'];
    socket().push({ event: 'onNotifyQueueUpdated', data: { queue, position: 0 }, device: 'tv-1' });
    await expectSent(() => send('Suivant'), { action: 'requestPositionChange', data: { position: 1 } });
    socket().push({ event: 'onNotifyQueueUpdated', data: { queue, position: 1 }, device: 'tv-1' });
    await expectSent(() => send('Suivant'), { action: 'requestSkip', data: { direction: 'next' } });
  });

  it("beyond the spec (decision 081): chooses the TV's subtitles and audio language; what shows is what the TV says", async () => {
    await openPage();
    socket().push({ event: 'onServerDeviceLinked', data: { device: TV } });
    const data = { route: '/content/1001/player', time: 3, duration: 32, paused: false, queue: [], position: null };
    socket().push({ event: 'onNotifyCurrentPlayback', data, device: 'tv-1' });
    // Nothing to choose yet: no control.
    expect(screen.queryByRole('region', { name: 'Audio et sous-titres' })).toBeNull();
    // What the TV tells its remote: the languages without the subtitles' look, a setting of the TV.
    const { subtitleStyle: _look, ...languages } = bilingualLanguages();
    socket().push({ event: 'onNotifyLanguages', data: languages, device: 'tv-1' });
    const region = within(screen.getByRole('region', { name: 'Audio et sous-titres' }));
    const subtitles = within(region.getByRole('group', { name: 'Sous-titres' }));
    const audio = within(region.getByRole('group', { name: 'Audio' }));
    expect(subtitles.getByRole('button', { name: 'Désactivés' })).toHaveAttribute('aria-pressed', 'true');
    expect(audio.getByRole('button', { name: 'Français' })).toHaveAttribute('aria-pressed', 'true');
    await expectSent(() => fireEvent.click(subtitles.getByRole('button', { name: 'English' })), {
      action: 'requestLanguages',
      data: { subtitles: 'en' },
    });
    // The tap alone changes nothing on screen: the TV's answer does.
    expect(subtitles.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'false');
    socket().push({ event: 'onNotifyLanguages', data: { ...languages, subtitleLanguage: 'en' }, device: 'tv-1' });
    expect(subtitles.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await expectSent(() => fireEvent.click(audio.getByRole('button', { name: 'English' })), {
      action: 'requestLanguages',
      data: { audio: 'en' },
    });
    await expectSent(() => fireEvent.click(subtitles.getByRole('button', { name: 'Désactivés' })), {
      action: 'requestLanguages',
      data: { subtitles: null },
    });
    // One audio language and no subtitles: nothing to choose, no control.
    socket().push({
      event: 'onNotifyLanguages',
      data: {
        audio: [{ language: 'fr', label: 'Français' }],
        audioLanguage: 'fr',
        subtitles: [],
        subtitleLanguage: null,
      },
      device: 'tv-1',
    });
    expect(screen.queryByRole('region', { name: 'Audio et sous-titres' })).toBeNull();
  });

  it('spec 2 §7 sends the content of ?play= to the TV now, or to its queue, and drives the queue', async () => {
    await openPage('/remote?play=%2Fcontent%2F1001%2Fla-mer');
    expect(screen.getByRole('button', { name: 'Regarder sur la TV' })).toBeDisabled();
    socket().push({ event: 'onServerDeviceLinked', data: { device: TV } });
    await expectSent(() => fireEvent.click(screen.getByRole('button', { name: 'Regarder sur la TV' })), {
      action: 'requestHistoryPush',
      data: { route: '/content/1001/player' },
    });
    await expectSent(() => fireEvent.click(screen.getByRole('button', { name: 'Ajouter à la file' })), {
      action: 'requestItemPush',
      data: { route: '/content/1001/player' },
    });
    socket().push({
      event: 'onNotifyQueueUpdated',
      data: { queue: ['/content/1001/player', '/channel/3/player'], position: 0 },
      device: 'tv-1',
    });
    await expectSent(() => fireEvent.click(screen.getByRole('button', { name: 'Descendre — La Mer' })), {
      action: 'requestItemMove',
      data: { from: 0, to: 1 },
    });
    await expectSent(() => fireEvent.click(screen.getByRole('button', { name: 'Lire — Chaîne n° 3' })), {
      action: 'requestPositionChange',
      data: { position: 1 },
    });
    await expectSent(() => fireEvent.click(screen.getByRole('button', { name: 'Retirer — Chaîne n° 3' })), {
      action: 'requestItemDelete',
      data: { position: 1 },
    });
  });

  it('spec 2 §7 requestHistoryPush initialTime: the TV goes on from where the phone’s player was (&at=)', async () => {
    await openPage('/remote?play=%2Fcontent%2F1001%2Fla-mer&at=754');
    socket().push({ event: 'onServerDeviceLinked', data: { device: TV } });
    expect(screen.getByText('À partir de 00:12:34')).toBeInTheDocument();
    await expectSent(() => fireEvent.click(screen.getByRole('button', { name: 'Regarder sur la TV' })), {
      action: 'requestHistoryPush',
      data: { route: '/content/1001/player', initialTime: 754 },
    });
  });

  it('spec 2 §4 pauses when the page is hidden and resumes when it is shown again', async () => {
    await openPage();
    socket().push({ event: 'onServerDeviceLinked', data: { device: TV } });
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    await expectSent(() => act(() => void document.dispatchEvent(new Event('visibilitychange'))), {
      action: 'pause',
      data: {},
    });
    hidden.mockReturnValue(false);
    const shown = socket().sent.length;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() =>
      expect(actionsFrom(shown)).toEqual(['resume', 'requestCurrentRoute', 'requestCurrentPlayback']),
    );
  });

  it('decision 034: a guest code from a TV’s QR is spent once and links with its grant', async () => {
    const check = vi.fn(() => ({
      response: {
        Result: {
          used: true,
          registered: true,
          device: { udid: 'tv-9', platform: 'Tizen', name: 'TV de Léa' },
          grant: 'signed-grant',
          grantExpiresAt: '2026-01-01T12:00:00Z',
        },
      },
    }));
    const view = await openPage('/remote?guest=ABCD2345', { 'GET /customer/remote/guest/link/check': check });
    await waitFor(() =>
      expect(socket().sent).toContainEqual({
        action: 'linkServerDevice',
        data: { udid: 'tv-9', grant: 'signed-grant' },
      }),
    );
    expect(check).toHaveBeenCalledTimes(1);
    expect(view.callsTo('GET', '/customer/remote/guest/link/check')[0]!.query.get('code')).toBe('ABCD2345');
    // The code left the address: a reload does not spend it again.
    expect(view.router.state.location.search).toBe('');
  });

  it('spec 2 §8: a spent or unknown typed code says so (7), and the server’s refusals are shown', async () => {
    await openPage('/remote', {
      'GET /customer/remote/guest/link/check': { error: 7 },
      'GET /customer/remote/link/check': { error: 7 },
    });
    fireEvent.change(screen.getByLabelText('Code affiché sur la TV'), { target: { value: 'zzzz 2222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider le code' }));
    expect(
      await screen.findByText('Ce code n’est plus valable. Demandez un nouveau code sur la TV.'),
    ).toBeInTheDocument();
    socket().push({ event: 'error', data: { number: 7, message: 'Écran introuvable', action: 'linkServerDevice' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Écran introuvable');
  });

  it('beyond the spec: the TV waiting for a payment hands its link page to the phone', async () => {
    await openPage();
    socket().push({ event: 'onServerDeviceLinked', data: { device: TV } });
    socket().push({
      event: 'onNotifyCurrentRoute',
      data: { route: `/subscribe?handoff=${encodeURIComponent('http://localhost:3000/billing/link/tok-9')}` },
      device: 'tv-1',
    });
    const open = await screen.findByRole('link', { name: 'Continuer sur ce téléphone' });
    expect(open).toHaveAttribute('href', '/billing/link/tok-9');
    // Another origin is not offered.
    socket().push({
      event: 'onNotifyCurrentRoute',
      data: { route: `/subscribe?handoff=${encodeURIComponent('https://evil.example/billing/link/tok-9')}` },
      device: 'tv-1',
    });
    expect(screen.queryByRole('link', { name: 'Continuer sur ce téléphone' })).toBeNull();
  });

  it('decision 040: the own TV asking the parental code gets it typed here; a wrong one is said; a guest TV never asks', async () => {
    await openPage();
    socket().push({ event: 'onServerDeviceLinked', data: { device: TV } });
    const asks = (route: string) => socket().push({ event: 'onNotifyCurrentRoute', data: { route }, device: 'tv-1' });
    asks('/account?asks=parental-code');
    const field = await screen.findByLabelText('Code parental');
    expect(field).toHaveAttribute('type', 'password');
    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer à la TV' }));
    // Checked before anything is sent (spec 1 §5: 4 digits).
    expect(screen.getByText('Veuillez saisir un code à 4 chiffres')).toBeInTheDocument();
    expect(socket().actions()).not.toContain('requestParentalCode');
    fireEvent.change(field, { target: { value: '0482' } });
    await expectSent(() => fireEvent.click(screen.getByRole('button', { name: 'Envoyer à la TV' })), {
      action: 'requestParentalCode',
      data: { code: '0482' },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Code envoyé à la TV.');
    asks('/account?asks=parental-code-again');
    expect(screen.getByRole('alert')).toHaveTextContent('Le code parental est incorrect');
    // The TV took it: the card goes.
    asks('/account');
    expect(screen.queryByLabelText('Code parental')).toBeNull();
    // A friend's TV (guest: no cuid) is never given a code from this phone.
    socket().push({ event: 'onServerDeviceLinked', data: { device: { ...TV, cuid: null, host: 'tv-1' } } });
    asks('/account?asks=parental-code');
    expect(screen.queryByLabelText('Code parental')).toBeNull();
  });
});
