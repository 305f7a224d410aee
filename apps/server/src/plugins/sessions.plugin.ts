import fp from 'fastify-plugin';
import { createSessionRepository, type SessionRepository } from '../sessions/session.repository';
import { registerSession, sessionCookieSettings, type SessionCookies } from './session';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions of every client (decision 005); their end is the `session.ended` event. */
    sessions: SessionRepository;
    /** The session cookie's name and flags (`__Host-` over https). */
    sessionCookies: SessionCookies;
  }
}

/** The caller's session on every request (`request.session`), by cookie or bearer token. */
export const sessionsPlugin = fp(
  async (app) => {
    const sessions = createSessionRepository(app.db, app.tableWrites);
    const cookies = sessionCookieSettings(app.config.isHttps);
    // Every way a session ends is told to the modules that hold state per session.
    sessions.onEnded((scope) => app.events.emit('session.ended', scope));
    app.decorate('sessions', sessions);
    app.decorate('sessionCookies', cookies);
    registerSession(app, { sessions, cookies, publicUrl: app.config.publicUrl, now: app.now });
  },
  { name: 'playz-sessions', dependencies: ['playz-redis', 'playz-http', 'playz-events'] },
);
