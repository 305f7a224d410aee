// Installs what a fresh Debian machine lacks, from Debian's packages (only apt and npm are
// reachable here). Each need is checked first, so an equipped machine does nothing.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const NEEDS = {
  ffmpeg: { check: () => fs.existsSync('/usr/bin/ffmpeg'), packages: ['ffmpeg', 'fonts-dejavu-core'] },
  chromium: { check: () => fs.existsSync('/usr/bin/chromium'), packages: ['chromium', 'fonts-dejavu-core'] },
  postgres: { check: () => fs.existsSync('/usr/lib/postgresql/15/bin/postgres'), packages: ['postgresql'] },
  redis: { check: () => fs.existsSync('/usr/bin/redis-server'), packages: ['redis-server'] },
  // The cluster test's load balancer (npm run test:cluster); it runs as a foreground process there.
  // Its media locations keep the app's grant answers with the Lua module (decision 043).
  nginx: {
    check: () => fs.existsSync('/usr/sbin/nginx') && fs.existsSync('/usr/lib/nginx/modules/ngx_http_lua_module.so'),
    packages: ['nginx', 'libnginx-mod-http-lua'],
  },
};

let updated = false;
export function ensureSystemPackages(names) {
  const missing = names.filter((n) => !NEEDS[n].check());
  if (missing.length === 0) return true;
  const packages = [...new Set(missing.flatMap((n) => NEEDS[n].packages))];
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('which', ['apt-get']).status === 0;
  if (!isRoot || !hasApt) {
    console.error(`Missing ${missing.join(', ')}: install them with: sudo apt-get install -y ${packages.join(' ')}`);
    return false;
  }
  console.log(`Installing ${packages.join(', ')} from Debian's packages...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!updated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    updated = true;
  }
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
  return missing.every((n) => NEEDS[n].check());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = ensureSystemPackages(process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(NEEDS));
  process.exit(ok ? 0 : 1);
}
