import { escapeAttribute } from '../app-files';

export interface TizenConfig {
  /** Samsung's 10-character package id (letters and digits), e.g. PlayzTV001. */
  packageId: string;
  /** x.y.z, each part a number (Tizen refuses other forms). */
  version: string;
  name: string;
  /** The API host the app calls: the only network origin it is allowed. */
  apiOrigin: string;
}

/**
 * The privileges the platform bridge uses (packages/platform/src/bridges/tizen): the remote's
 * extra keys (tvinputdevice), the model, duid and firmware (productinfo), the MAC
 * (network.public), Samsung checkout (billing), the network itself (internet).
 */
export const TIZEN_PRIVILEGES = [
  'http://tizen.org/privilege/tv.inputdevice',
  'http://developer.samsung.com/privilege/productinfo',
  'http://developer.samsung.com/privilege/network.public',
  'http://developer.samsung.com/privilege/billing',
  'http://tizen.org/privilege/internet',
  'http://tizen.org/privilege/application.launch',
] as const;

/** config.xml of a Tizen TV web app (W3C widget + tizen namespace), profile tv-samsung. */
export function tizenConfigXml(config: TizenConfig): string {
  if (!/^[A-Za-z0-9]{10}$/.test(config.packageId))
    throw new Error(`Tizen package id must be 10 letters or digits: ${config.packageId}`);
  if (!/^\d{1,3}\.\d{1,3}\.\d{1,5}$/.test(config.version))
    throw new Error(`Tizen version must be x.y.z: ${config.version}`);
  const origin = new URL(config.apiOrigin).origin;
  const attr = escapeAttribute;
  return `<?xml version="1.0" encoding="UTF-8"?>
<widget xmlns="http://www.w3.org/ns/widgets" xmlns:tizen="http://tizen.org/ns/widgets" id="${attr(origin)}/tv" version="${config.version}" viewmodes="maximized">
  <tizen:application id="${config.packageId}.Playz" package="${config.packageId}" required_version="5.0"/>
  <tizen:profile name="tv-samsung"/>
  <name>${attr(config.name)}</name>
  <content src="index.html"/>
  <icon src="icon.png"/>
  <feature name="http://tizen.org/feature/screen.size.all"/>
  <access origin="${attr(origin)}" subdomains="false"/>
${TIZEN_PRIVILEGES.map((p) => `  <tizen:privilege name="${p}"/>`).join('\n')}
  <tizen:setting screen-orientation="landscape" context-menu="disable" background-support="disable" encryption="disable" install-location="auto" hwkey-event="enable"/>
</widget>
`;
}
