import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRemoteClient, remoteSocketUrl, type WebSocketLike } from './client';

/** A socket the test plays the server of: it opens, answers and closes when told. */
class FakeSocket implements WebSocketLike {
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1000) {
    this.drop(code);
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  actions() {
    return this.sent.map((f) => f.action);
  }
}

const screen = { udid: 'tv-1', platform: 'Tizen', type: 'Server', name: 'Salon', cuid: 'c1', host: null };
const registeredFrame = {
  event: 'onDeviceRegistered',
  data: { device: { ...screen, udid: 'p1', type: 'Client' }, connection: 'x' },
};

beforeEach(() => {
  FakeSocket.made = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

const last = () => FakeSocket.made.at(-1)!;

describe('spec 2 §4 Remote control: the client (decision 034)', () => {
  it('registers first, with the token in the frame and never in the URL', () => {
    createRemoteClient({
      url: 'wss://x/api/1.2/remote/socket',
      WebSocket: FakeSocket,
      type: 'Server',
      udid: 'tv-1',
      token: 'secret',
    });
    last().open();
    expect(last().url).toBe('wss://x/api/1.2/remote/socket');
    expect(last().sent[0]).toEqual({
      action: 'registerDevice',
      data: { type: 'Server', udid: 'tv-1', platform: 'Web', token: 'secret' },
    });
    expect(remoteSocketUrl('https://playz.fr')).toBe('wss://playz.fr/api/1.2/remote/socket');
    expect(remoteSocketUrl('http://localhost:3000')).toBe('ws://localhost:3000/api/1.2/remote/socket');
  });

  it('reconnects with backoff, pauses again and re-links to the screen it wanted', () => {
    const client = createRemoteClient({
      url: 'ws://x',
      WebSocket: FakeSocket,
      type: 'Client',
      udid: 'p1',
      random: () => 1,
    });
    client.link('tv-1');
    last().open();
    last().receive(registeredFrame);
    expect(client.state).toBe('open');
    expect(last().actions()).toEqual(['registerDevice', 'linkServerDevice']);
    last().receive({ event: 'onServerDeviceLinked', data: { device: screen } });
    client.pause();
    expect(client.linked?.udid).toBe('tv-1');

    last().drop(1006);
    expect(client.state).toBe('connecting');
    expect(client.linked).toBeNull();
    vi.advanceTimersByTime(499);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(2);
    last().drop(1006);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    last().open();
    last().receive(registeredFrame);
    expect(last().actions()).toEqual(['registerDevice', 'pause', 'linkServerDevice']);
    expect(last().sent.at(-1)).toEqual({ action: 'linkServerDevice', data: { udid: 'tv-1' } });
  });

  it('links again when the screen that went is listed again, and not after unlink()', () => {
    const client = createRemoteClient({ url: 'ws://x', WebSocket: FakeSocket, type: 'Client', udid: 'p1' });
    last().open();
    last().receive(registeredFrame);
    client.link('tv-1', 'grant-1');
    last().receive({ event: 'onServerDeviceLinked', data: { device: screen } });
    last().receive({ event: 'onServerDeviceUnlinked', data: { udid: 'tv-1', reason: 'gone' } });
    last().receive({ event: 'onServerDevicesListUpdated', data: { devices: [] } });
    expect(
      last()
        .actions()
        .filter((a) => a === 'linkServerDevice'),
    ).toHaveLength(1);
    last().receive({ event: 'onServerDevicesListUpdated', data: { devices: [screen] } });
    expect(last().sent.at(-1)).toEqual({ action: 'linkServerDevice', data: { udid: 'tv-1', grant: 'grant-1' } });

    client.unlink();
    last().receive({ event: 'onServerDeviceUnlinked', data: { udid: 'tv-1', reason: 'unlinked' } });
    last().receive({ event: 'onServerDevicesListUpdated', data: { devices: [screen] } });
    expect(last().sent.at(-1)).toEqual({ action: 'unlinkServerDevice', data: {} });
  });

  it('stops after close code 4401 (session ended) and after close()', () => {
    const states: string[] = [];
    const client = createRemoteClient({ url: 'ws://x', WebSocket: FakeSocket, type: 'Client', udid: 'p1' });
    client.on('state', (state) => states.push(state));
    last().open();
    last().receive(registeredFrame);
    last().drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
    expect(states).toEqual(['open', 'closed']);

    const other = createRemoteClient({ url: 'ws://x', WebSocket: FakeSocket, type: 'Client', udid: 'p2' });
    last().open();
    other.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(2);
    expect(other.state).toBe('closed');
  });

  it('hands screens the actions of their phones and ignores frames it does not know', () => {
    const client = createRemoteClient({ url: 'ws://x', WebSocket: FakeSocket, type: 'Server', udid: 'tv-1' });
    const seen: unknown[] = [];
    client.on('action', (action) => seen.push(action));
    last().open();
    last().receive({ action: 'requestVideoSeek', data: { time: 4 }, from: 'c1' });
    last().receive({ action: 'requestVideoSeek', data: { time: -4 }, from: 'c1' });
    last().receive({ event: 'onFutureThing', data: {} });
    last().onmessage?.({ data: 'not json' });
    expect(seen).toEqual([{ action: 'requestVideoSeek', data: { time: 4 }, from: 'c1' }]);
  });
});
