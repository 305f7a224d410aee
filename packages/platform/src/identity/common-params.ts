import type { CommonParams } from '@playz/api-contract';
import type { DeviceIdentity } from './device-identity';

export type DeviceCommonParams = Pick<
  CommonParams,
  | 'platform'
  | 'device_type'
  | 'device_udid'
  | 'device_vendor'
  | 'device_model'
  | 'device_mac'
  | 'device_system_name'
  | 'device_system_version'
  | 'billing_types'
  | 'pf'
>;

/**
 * spec 1 §7 "All calls add common parameters: … platform, … device udid, vendor, model, mac,
 * system name and version": the device part, named as packages/api-contract/src/common-params.ts
 * checks them. Unknown fields are left out rather than sent empty. The rest (locale, logged_in,
 * billing_types, app_version…) belongs to the app's session, not to the device.
 */
export function commonParamsOf(identity: DeviceIdentity): DeviceCommonParams {
  const params: DeviceCommonParams = {
    platform: identity.platform,
    device_type: identity.type,
    device_udid: identity.udid,
  };
  const optional: [keyof DeviceCommonParams, string | undefined, number][] = [
    ['device_vendor', identity.vendor, 128],
    ['device_model', identity.model, 128],
    ['device_mac', identity.mac, 64],
    ['device_system_name', identity.systemName, 64],
    ['device_system_version', identity.systemVersion, 64],
  ];
  // The server caps each field (common-params.ts); a longer vendor string would turn every call
  // into a 3, so it is cut to the cap here.
  for (const [name, value, max] of optional) if (value) (params as Record<string, string>)[name] = value.slice(0, max);
  return params;
}
