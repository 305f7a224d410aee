import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

// The service worker (public/sw.js, decision 066) run in a stand-in worker scope: what it shows for
// a pushed live-event alert (spec 1 §3 Alert), and where a click on the notification leads.
const source = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../../public/sw.js'),
  'utf8',
);
const ORIGIN = 'https://playz.example';

function startWorker(openWindows: { url: string; focus: () => Promise<void> }[] = []) {
  const handlers = new Map<string, (event: unknown) => void>();
  const showNotification = vi.fn(async () => undefined);
  const openWindow = vi.fn(async () => null);
  const clients = { matchAll: vi.fn(async () => openWindows), openWindow, claim: vi.fn(async () => undefined) };
  const self = {
    location: { origin: ORIGIN },
    registration: { showNotification },
    clients,
    skipWaiting: vi.fn(),
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
  };
  vm.runInNewContext(source, { self, clients, URL });
  /** Dispatches an event and waits for what it asked to wait for. */
  const dispatch = async (type: string, event: object) => {
    const waits: Promise<unknown>[] = [];
    handlers.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  return { dispatch, showNotification, openWindow };
}
const pushed = (payload: unknown) => ({ data: { json: () => payload } });

describe('the service worker shows pushed alerts (spec 1 §3 Alert, decision 066)', () => {
  it('shows the title, text, artwork and language the server wrote, one notification per event', async () => {
    const worker = startWorker();
    await worker.dispatch(
      'push',
      pushed({
        title: 'Live soon: Concert',
        body: 'Concert starts Saturday at 21:00 on Playz.',
        image: `${ORIGIN}/media/posters/concert.jpg`,
        icon: `${ORIGIN}/favicon.svg`,
        url: `${ORIGIN}/live-event/7/concert`,
        tag: 'live-event-7',
        lang: 'en',
      }),
    );
    expect(worker.showNotification).toHaveBeenCalledWith('Live soon: Concert', {
      body: 'Concert starts Saturday at 21:00 on Playz.',
      image: `${ORIGIN}/media/posters/concert.jpg`,
      icon: `${ORIGIN}/favicon.svg`,
      tag: 'live-event-7',
      lang: 'en',
      data: { url: `${ORIGIN}/live-event/7/concert` },
    });
  });

  it('still shows a notification for a push it cannot read, and never sends a click to another site', async () => {
    const worker = startWorker();
    await worker.dispatch('push', { data: { json: () => JSON.parse('not json') } });
    expect(worker.showNotification).toHaveBeenCalledWith(
      'Playz',
      expect.objectContaining({ data: { url: `${ORIGIN}/` } }),
    );
    await worker.dispatch('push', pushed({ title: 'x', url: 'https://attacker.example/' }));
    expect(worker.showNotification).toHaveBeenLastCalledWith(
      'x',
      expect.objectContaining({ data: { url: `${ORIGIN}/` } }),
    );
  });

  it('opens the event page on click, or brings forward the window already showing it', async () => {
    const close = vi.fn();
    const page = `${ORIGIN}/live-event/7/concert`;
    const closed = startWorker();
    await closed.dispatch('notificationclick', { notification: { close, data: { url: page } } });
    expect(close).toHaveBeenCalled();
    expect(closed.openWindow).toHaveBeenCalledWith(page);

    const focus = vi.fn(async () => undefined);
    const open = startWorker([{ url: page, focus }]);
    await open.dispatch('notificationclick', { notification: { close, data: { url: page } } });
    expect(focus).toHaveBeenCalled();
    expect(open.openWindow).not.toHaveBeenCalled();
  });
});
