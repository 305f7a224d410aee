import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { apiOriginMeta, injectIntoHead, type AppFile } from '../app-files';
import { playzMarkPng } from '../icon-png';
import { writeZip } from '../zip/zip-writer';
import { tizenConfigXml, type TizenConfig } from './config-xml';

/** Samsung's Product API library: webapis.productinfo / network / billing exist only after it loads. */
export const WEBAPIS_SCRIPT = '<script src="$WEBAPIS/webapis/webapis.js"></script>';
/** Samsung TV launcher icon size. */
const ICON = { width: 512, height: 423 };

/**
 * The Tizen web-app folder (config.xml, icon.png, the app) and its unsigned .wgt. Signing with
 * the author and Samsung distributor certificates (Tizen Studio / `tizen package -t wgt -s`) is
 * the store step this does not do (README "TV builds").
 */
export function writeTizenApp(files: AppFile[], outDir: string, config: TizenConfig): { folder: string; wgt: string } {
  const folder = join(outDir, 'tizen');
  rmSync(folder, { recursive: true, force: true });
  const entries = files.map((file) =>
    file.path === 'index.html'
      ? {
          name: file.path,
          data: Buffer.from(
            injectIntoHead(file.data.toString('utf8'), [apiOriginMeta(config.apiOrigin), WEBAPIS_SCRIPT]),
          ),
        }
      : { name: file.path, data: file.data },
  );
  if (!entries.some((e) => e.name === 'icon.png'))
    entries.push({ name: 'icon.png', data: playzMarkPng(ICON.width, ICON.height) });
  entries.push({ name: 'config.xml', data: Buffer.from(tizenConfigXml(config)) });
  for (const entry of entries) {
    mkdirSync(dirname(join(folder, entry.name)), { recursive: true });
    writeFileSync(join(folder, entry.name), entry.data);
  }
  const wgt = join(outDir, `Playz-${config.version}.wgt`);
  // config.xml first, as Tizen Studio writes it; the rest in a stable order.
  const ordered = [...entries].sort((a, b) =>
    a.name === 'config.xml' ? -1 : b.name === 'config.xml' ? 1 : a.name.localeCompare(b.name),
  );
  writeFileSync(wgt, writeZip(ordered));
  return { folder, wgt };
}
