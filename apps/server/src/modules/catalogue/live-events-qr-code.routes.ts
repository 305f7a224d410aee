import type { FastifyInstance } from 'fastify';
import type { LiveEventsService } from './live-events.service';

/** Browsers and CDNs keep the picture an hour, then revalidate it with its tag. */
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * GET /live-event/{id}/qr-code.png (the live event's qrCodeUrl, spec 2 §3): a PNG instead of an
 * envelope, since an <img> shows it. Unknown ids still answer the envelope with error 100.
 */
export function registerLiveEventQrCodeRoute(app: FastifyInstance, deps: { liveEvents: LiveEventsService }) {
  // Under /api/1.2 as a visitor's call: a signed-in caller's error answers stay no-store.
  const visitor = { config: { access: 'visitor' as const } };
  app.get<{ Params: { id: string } }>('/live-event/:id/qr-code.png', visitor, async (request, reply) => {
    const { png, etag } = await deps.liveEvents.qrCode(request.params.id);
    reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('image/png').send(png);
  });
}
