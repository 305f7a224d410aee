import type { CommonParams } from '@playz/api-contract';
import { DEFAULT_COUNTRY, billingTypesAvailableOn } from '@playz/domain';
// The pure hints only, not the queries' index: a film page's first script asks its View stream
// with these parameters and must not pull React into its graph (decision 131).
import { sessionHints } from '@playz/queries/session-hints';
import { deviceUdid, detectDeviceType, webDeviceHardware } from './device';
import { storedCampaignCode, storedCuid, wantsCacheRegen } from './launch-params';

/** The web's billing types (spec 3 §4: direct pass, cross screen, card, PayPal; dummy added). */
const WEB_BILLING_TYPES = billingTypesAvailableOn('Web').join(',');

/** Read once: the user agent does not change while the page runs. */
let hardware: ReturnType<typeof webDeviceHardware> | null = null;

export function webCommonParams(): Partial<CommonParams> {
  const search = typeof location === 'undefined' ? '' : location.search;
  const device = (hardware ??= webDeviceHardware());
  return {
    platform: 'Web',
    billing_types: WEB_BILLING_TYPES,
    device_type: detectDeviceType(),
    device_udid: deviceUdid(),
    // spec 1 §7 device vendor, model and system; cut to the server's caps (common-params.ts).
    device_vendor: device.vendor?.slice(0, 128),
    device_model: device.model?.slice(0, 128),
    device_system_name: device.systemName?.slice(0, 64),
    device_system_version: device.systemVersion?.slice(0, 64),
    app_version: __APP_VERSION__,
    locale: sessionHints.locale,
    country: DEFAULT_COUNTRY,
    logged_in: sessionHints.loggedIn ? '1' : '0',
    product: sessionHints.product,
    c: storedCampaignCode(),
    cuid: storedCuid(),
    cache_regen: wantsCacheRegen(search) ? '1' : undefined,
  };
}
