import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createRemoteClient, createThrottle, type RemoteClient, type WebSocketConstructor } from '@playz/remote';
import { createTestApp, logInAs, type TestApp } from '../test-app';
import { logInTv, socketUrl } from './remote-support';

/**
 * @playz/remote's client in Node (`ws` injected, Node 20 has no global WebSocket) against the
 * real server: what the web phone page and the TV app use (spec 2 §4, §7, §9; decision 034).
 */
let t: TestApp;
const clients: RemoteClient[] = [];
/** Every socket the clients opened, so a test can cut one as a network drop would. */
const sockets: WebSocket[] = [];

function withCookie(cookie: string): WebSocketConstructor {
  return class extends WebSocket {
    constructor(url: string) {
      super(url, { headers: cookie ? { cookie } : {} });
      sockets.push(this);
    }
  } as unknown as WebSocketConstructor;
}

function until<T>(check: () => T | undefined | false, timeoutMs = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      const value = check();
      if (value) return resolve(value);
      if (Date.now() - started > timeoutMs) return reject(new Error('timed out'));
      setTimeout(poll, 10);
    };
    poll();
  });
}

beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(async () => {
  clients.forEach((c) => c.close());
  await t.close();
});

describe('spec 2 §4 Remote control: the @playz/remote client', () => {
  it('links, drives, mirrors 100 ms time updates, and after a dropped connection re-registers and re-links', async () => {
    const url = socketUrl(t.app);
    const token = await logInTv(t.app, 'abonne@playz.fr', 'tv-client');
    const screen = createRemoteClient({ url, WebSocket: withCookie(''), type: 'Server', udid: 'tv-client', token });
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const phone = createRemoteClient({
      url,
      WebSocket: withCookie(cookie),
      type: 'Client',
      udid: 'phone-client',
      backoff: { initialMs: 20, maxMs: 100 },
    });
    clients.push(screen, phone);
    const actions: string[] = [];
    screen.on('action', (action) => {
      actions.push(action.action);
      if (action.action === 'requestVideoPlay') screen.notify('onNotifyVideoPlay', { time: 5 });
    });
    const plays: number[] = [];
    phone.on('onNotifyVideoPlay', (data) => plays.push(data.time));
    const times: number[] = [];
    phone.on('onNotifyVideoTimeUpdate', (data) => times.push(data.time));

    await until(() => phone.devices.some((d) => d.udid === 'tv-client'));
    phone.link('tv-client');
    await until(() => phone.linked?.udid === 'tv-client');
    expect(phone.send('requestVideoPlay', {})).toBe(true);
    await until(() => plays.length === 1);
    expect(actions).toEqual(['requestVideoPlay']);

    // A player's timeupdate fired every 10 ms reaches the phone at most every 100 ms (spec 2 §9).
    // The throttle runs on a clock of the test's own, moved 10 ms per update: 300 ms whatever
    // the machine's load (the frames still go through the real sockets).
    let nowMs = 0;
    const due = new Set<{ at: number; fn: () => void }>();
    const clock = {
      now: () => nowMs,
      setTimeout: (fn: () => void, ms: number) => {
        const timer = { at: nowMs + ms, fn };
        due.add(timer);
        return timer;
      },
      clearTimeout: (timer: unknown) => void due.delete(timer as { at: number; fn: () => void }),
    };
    const update = createThrottle(
      (time: number) => screen.notify('onNotifyVideoTimeUpdate', { time, duration: 60 }),
      100,
      clock,
    );
    for (let i = 1; i <= 30; i += 1) {
      nowMs += 10;
      for (const timer of [...due].filter((t) => t.at <= nowMs)) {
        due.delete(timer);
        timer.fn();
      }
      update(i / 100);
    }
    update.flush();
    await until(() => times.at(-1) === 0.3);
    // One at once, then at most one per 100 ms step of the 300 ms, then the flush.
    expect(times.length).toBeGreaterThanOrEqual(3);
    expect(times.length).toBeLessThanOrEqual(5);

    // The phone's connection drops: it comes back by itself, linked to the same TV.
    const states: string[] = [];
    phone.on('state', (state) => states.push(state));
    sockets[1]!.terminate(); // [0] is the TV's, [1] the phone's
    await until(() => states.includes('connecting'));
    await until(() => phone.state === 'open' && phone.linked?.udid === 'tv-client');
    phone.send('requestVideoSeek', { time: 9 });
    await until(() => actions.includes('requestVideoSeek'));

    // unlink() stops the re-linking: the TV coming back does not link the phone again.
    phone.unlink();
    await until(() => phone.linked === null);
    // The server answers the unlinked phone's pause with a refusal: once it came, the pause was
    // handled, and the TV never got it.
    const refused: (string | null)[] = [];
    phone.on('error', (data) => refused.push(data.action));
    expect(phone.send('requestVideoPause', {})).toBe(true);
    await until(() => refused.includes('requestVideoPause'));
    expect(actions).not.toContain('requestVideoPause');
  });
});
