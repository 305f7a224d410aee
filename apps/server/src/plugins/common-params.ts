import type { FastifyInstance, FastifyRequest } from 'fastify';
import { commonParamsSchema } from '@playz/api-contract';
import { ApiErrorNumber, PLATFORMS, apiError, cutCountry, cutLocale, SUPPORTED_LOCALES } from '@playz/domain';

export interface CommonContext {
  platform: (typeof PLATFORMS)[number];
  deviceType: string | null;
  deviceUdid: string | null;
  deviceVendor: string | null;
  deviceModel: string | null;
  deviceMac: string | null;
  deviceSystemName: string | null;
  deviceSystemVersion: string | null;
  appVersion: string | null;
  locale: string;
  country: string;
  campaignCode: string | null;
  cuid: string | null;
  billingTypes: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    common: CommonContext;
  }
}

/** Whether any string value (or repeated value) of the parameters holds a NUL character. */
function hasNul(values: unknown): boolean {
  if (!values || typeof values !== 'object') return false;
  return Object.values(values).some((v) =>
    typeof v === 'string'
      ? v.includes('\u0000')
      : Array.isArray(v) && v.some((x) => typeof x === 'string' && x.includes('\u0000')),
  );
}

function readRaw(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  return { ...query, ...body };
}

/**
 * The locale of an answer given before the common parameters were read (a refusal in an early
 * hook, a malformed URL): the `locale` query parameter, else Accept-Language, else fr.
 */
export function earlyLocale(request: FastifyRequest): string {
  if (request.common) return request.common.locale;
  const query = request.query as Record<string, unknown> | null | undefined;
  // Requests the router could not read have no parsed query: read it from the raw URL.
  const rawQuery = (request.raw.url ?? '').split('?')[1] ?? '';
  const param = query ? query.locale : new URLSearchParams(rawQuery).get('locale');
  return pickLocale(typeof param === 'string' ? param : undefined, request.headers['accept-language']);
}

/** Locale from the parameter, else the browser's Accept-Language, cut to a supported 2 letters. */
export function pickLocale(param: string | undefined, acceptLanguage: string | undefined): string {
  for (const candidate of [param, acceptLanguage?.split(',')[0]]) {
    const cut = candidate ? cutLocale(candidate) : '';
    if ((SUPPORTED_LOCALES as readonly string[]).includes(cut)) return cut;
  }
  return 'fr';
}

/**
 * Parses the parameters every call carries (spec 1 §7) once, before the handler. Unknown keys are
 * left to the endpoint's own schema; a known one with a bad value is error 3, an unknown
 * platform 16 (spec 1 §8).
 */
export function registerCommonParams(app: FastifyInstance) {
  app.decorateRequest('common', null as unknown as CommonContext);
  app.addHook('preHandler', async (request) => {
    const raw = readRaw(request);
    const known = Object.fromEntries(
      Object.keys(commonParamsSchema.shape)
        .filter((k) => raw[k] !== undefined)
        .map((k) => [k, raw[k]]),
    );
    const locale = pickLocale(
      typeof raw.locale === 'string' ? raw.locale : undefined,
      request.headers['accept-language'],
    );
    request.common = { ...defaultContext(), locale };
    // PostgreSQL text cannot hold NUL: a parameter with one is 3 on every call, not a 500 (docs/reliability.md).
    if (hasNul(raw) || hasNul(request.params)) throw apiError(ApiErrorNumber.BadParameter);
    const parsed = commonParamsSchema.safeParse(known);
    if (!parsed.success) throw apiError(ApiErrorNumber.BadParameter);
    const p = parsed.data;
    const platform = p.platform ?? 'Web';
    if (!(PLATFORMS as readonly string[]).includes(platform)) throw apiError(ApiErrorNumber.PlatformNotFound);
    request.common = {
      platform: platform as CommonContext['platform'],
      deviceType: p.device_type ?? null,
      deviceUdid: p.device_udid ?? null,
      deviceVendor: p.device_vendor ?? null,
      deviceModel: p.device_model ?? null,
      deviceMac: p.device_mac ?? null,
      deviceSystemName: p.device_system_name ?? null,
      deviceSystemVersion: p.device_system_version ?? null,
      appVersion: p.app_version ?? null,
      locale,
      country: p.country ? cutCountry(p.country) || 'fr' : 'fr',
      campaignCode: p.c ?? null,
      cuid: p.cuid ?? null,
      billingTypes: p.billing_types ? p.billing_types.split(',').filter(Boolean) : [],
    };
  });
}

function defaultContext(): CommonContext {
  return {
    platform: 'Web',
    deviceType: null,
    deviceUdid: null,
    deviceVendor: null,
    deviceModel: null,
    deviceMac: null,
    deviceSystemName: null,
    deviceSystemVersion: null,
    appVersion: null,
    locale: 'fr',
    country: 'fr',
    campaignCode: null,
    cuid: null,
    billingTypes: [],
  };
}
