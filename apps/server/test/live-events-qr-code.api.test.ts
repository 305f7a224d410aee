import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

const NOW = new Date('2026-11-22T12:10:00Z');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterAll(() => t.close());

const liveEvent = async (id: number) =>
  (await t.app.inject({ url: `/api/1.2/live-event/${id}` })).json().Response.LiveEvent as {
    qrCodeUrl: string | null;
    shareUrl: string;
  };

/** What a phone camera reads from the picture. */
function decodeQrCode(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

describe('live event QR code (spec 2 §3 Live event qrCodeUrl)', () => {
  it('every live event names its QR code picture', async () => {
    const { LiveEvents } = (await t.app.inject({ url: '/api/1.2/live-events/' })).json().Response;
    expect(LiveEvents.length).toBeGreaterThan(0);
    for (const event of LiveEvents as { liveEventID: number; qrCodeUrl: string }[]) {
      expect(event.qrCodeUrl).toBe(`/api/1.2/live-event/${event.liveEventID}/qr-code.png`);
    }
  });

  it.each([1, 2])('serves live event %i as a PNG that reads as its public page', async (id) => {
    const event = await liveEvent(id);
    const res = await t.app.inject({ url: event.qrCodeUrl! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(event.shareUrl.startsWith('http://localhost:3000/')).toBe(true);
    expect(decodeQrCode(res.rawPayload)).toBe(event.shareUrl);
  });

  it('is cacheable: public for an hour, then revalidated by its tag', async () => {
    const { qrCodeUrl } = await liveEvent(1);
    const first = await t.app.inject({ url: qrCodeUrl! });
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"qr-[0-9a-f]{20}"$/);
    const again = await t.app.inject({ url: qrCodeUrl!, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // Another event has another page, so another tag.
    const other = await t.app.inject({ url: (await liveEvent(2)).qrCodeUrl! });
    expect(other.headers.etag).not.toBe(etag);
  });

  it('answers error 100 for an unknown or malformed live event id', async () => {
    for (const id of ['999', 'abc']) {
      const res = await t.app.inject({ url: `/api/1.2/live-event/${id}/qr-code.png` });
      expect(res.statusCode).toBe(404);
      expect(res.json().Error.Number).toBe(100);
    }
  });
});
