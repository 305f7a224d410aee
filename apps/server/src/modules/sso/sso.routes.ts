import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints, SSO_PROVIDERS } from '@playz/api-contract';
import { authOf } from '../../lib/access';
import { registerEndpoint } from '../../lib/register-endpoint';
import { setSessionCookie, type SessionCookies } from '../../plugins/session';
import { callerOf } from '../../sessions/caller';
import type { ProviderNotices } from './provider-notices';
import { ProviderRefusal } from './providers';
import type { SignOnContext, SsoService } from './sso.service';

/** The state travels in a short cookie limited to the callback paths (login CSRF, decision 012). */
const STATE_COOKIE = 'playz_sso_state';
const STATE_COOKIE_PATH = '/api/1.2/customer/sso/';

const providerOf = (request: FastifyRequest) => (request.params as { provider?: string }).provider ?? '';

type ProviderRequest = FastifyRequest<{ Params: { provider: string }; Querystring: { requested_url?: string } }>;

function context(request: FastifyRequest): SignOnContext {
  const caller = callerOf(request);
  return {
    device: caller.device,
    locale: caller.locale,
    country: caller.country,
    previousSessionId: authOf('visitor', request.session).customer?.sessionId ?? null,
  };
}

/**
 * Browser redirects of social sign-on (spec 1 §1; packages/api-contract/src/sso.ts): no envelope,
 * a 302 to the provider, then a 302 back to the requested page logged in (or to the log-in page
 * with sso_error on failure).
 */
export function registerSsoRoutes(
  app: FastifyInstance,
  deps: {
    sso: SsoService;
    notices: ProviderNotices;
    cookies: SessionCookies;
    checkResponses: boolean;
    publicUrl: string;
  },
) {
  const fail = (reply: FastifyReply, error: unknown) =>
    reply.header('cache-control', 'no-store').redirect(deps.sso.failureLocation(error), 302);

  // Anyone may sign on; the callback ends the browser's previous session, if it had one.
  app.get(
    '/customer/sso/:provider/authorize',
    { config: { access: 'public' } },
    async (request: ProviderRequest, reply) => {
      try {
        const { location, state } = await deps.sso.authorize(request.params.provider, request.query.requested_url);
        reply.setCookie(STATE_COOKIE, state, {
          path: STATE_COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: deps.cookies.secure,
          maxAge: 600,
        });
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      } catch (error) {
        request.log.warn({ err: error }, 'SSO authorize failed');
        return fail(reply, error);
      }
    },
  );

  // Apple's form_post (decision 078): posted from Apple's page, so none of our cookies come with it
  // and the Origin is Apple's (the route accepts exactly the provider's own, see sessions' post
  // check). The answer is kept and the browser goes on to the GET callback below with a 303.
  app.post(
    '/customer/sso/:provider/callback',
    { config: { access: 'public', foreignPostOrigins: (request) => deps.sso.postOrigins(providerOf(request)) } },
    async (request: FastifyRequest<{ Params: { provider: string }; Body: unknown }>, reply) => {
      try {
        const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
        const next = await deps.sso.receivePostedAnswer(request.params.provider, body);
        return reply.header('cache-control', 'no-store').redirect(next, 303);
      } catch (error) {
        request.log.warn({ err: error }, 'SSO posted answer refused');
        return reply.header('cache-control', 'no-store').redirect(deps.sso.failureLocation(error), 303);
      }
    },
  );

  app.get(
    '/customer/sso/:provider/callback',
    { config: { access: 'visitor' } },
    async (request: ProviderRequest, reply) => {
      reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
      try {
        const { token, requestedUrl } = await deps.sso.callback(
          request.params.provider,
          request.url,
          request.cookies[STATE_COOKIE],
          context(request),
        );
        setSessionCookie(reply, deps.cookies, token);
        return reply.header('cache-control', 'no-store').redirect(requestedUrl, 302);
      } catch (error) {
        return fail(reply, error);
      }
    },
  );

  // What a provider posts on its own (decision 086): Apple's server-to-server notifications
  // (JSON, a signed `payload`), Facebook's data-deletion request (a form, `signed_request`). A
  // notice that fails its signature changes nothing and gets 400; one for nobody we know gets 200,
  // so the provider does not send it again.
  app.post(
    '/customer/sso/:provider/notifications',
    { config: { access: 'provider-signature' } },
    async (request: FastifyRequest<{ Params: { provider: string }; Body: unknown }>, reply) => {
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      try {
        const { confirmationCode } = await deps.notices.receive(request.params.provider, body);
        reply.header('cache-control', 'no-store');
        if (confirmationCode === null) return reply.code(200).send({ received: true });
        // Facebook's expected answer: where the person follows the request, and its code.
        return reply.code(200).send({
          url: `${deps.publicUrl}/customer/sso/deletion/${confirmationCode}`,
          confirmation_code: confirmationCode,
        });
      } catch (error) {
        if (!(error instanceof ProviderRefusal)) throw error;
        request.log.warn({ provider: request.params.provider, reason: error.message }, 'SSO notice refused');
        return reply.code(400).send({ error: 'invalid_notice' });
      }
    },
  );

  const opts = { checkResponses: deps.checkResponses };
  registerEndpoint(
    app,
    endpoints.listSocialAccounts,
    async ({ auth }) => ({ SocialAccounts: await deps.sso.socialAccounts(auth.customerId) }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getSocialDeletionStatus,
    async ({ query }) => {
      const { provider, receivedAt } = await deps.notices.deletionStatus(query.code);
      const name = SSO_PROVIDERS.find((p) => p.id === provider)?.name ?? provider;
      return { Provider: name, ReceivedAt: receivedAt, Status: 'done' as const };
    },
    opts,
  );
}
