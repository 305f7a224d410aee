// A small ESLint rule that keeps features and layers apart (CONVENTIONS 6, ARCHITECTURE layout):
// - web and tv features never import another feature (route files in app/ compose them);
// - packages/domain imports nothing but itself (pure rules, no I/O, no framework);
// - packages/ui (primitives shared by web and tv) imports React and domain only: no app code,
//   API, router or i18n, so both apps can use it as they are;
// - in server modules, routes do not reach repositories or the database: they call services;
// - server modules meet at their front door (decision 054): in the running server (app.ts,
//   modules, plugins, lib, jobs, adapters, sessions, streaming), only modules/<m>/index.ts is imported from outside
//   modules/<m>/, never a file inside. Tests (they test the insides), the operator's commands (cli/),
//   the seeds and migrations (db/), start-up and the settings (startup.ts, config.ts) assemble
//   modules' parts on purpose and are left out;
// - only apps/server/src/adapters/ reaches the SMS and mail adapters: everything else sends through
//   adapters/paid-messages.ts, so no sender can forget the message budgets (decision 050).
import path from 'node:path';

/** Relative imports, and the `@/` alias of the web and TV apps (`@/x` = `apps/<app>/src/x`). */
function resolveTarget(file, source) {
  if (source.startsWith('.')) return path.resolve(path.dirname(file), source);
  const app = file
    .split(path.sep)
    .join('/')
    .match(/^(.*\/apps\/(?:web|tv)\/src)\//);
  return source.startsWith('@/') && app ? path.join(app[1], source.slice(2)) : null;
}

/** The server module a path is in (`apps/server/src/modules/<m>/...`), and whether it is its index. */
function serverModuleOf(p) {
  const m = p
    .split(path.sep)
    .join('/')
    .match(/\/apps\/server\/src\/modules\/([^/]+)(\/.*)?$/);
  if (!m) return null;
  return { name: m[1], isFrontDoor: !m[2] || m[2] === '/index' || m[2] === '/index.ts' };
}

function featureOf(p) {
  const m = p
    .split(path.sep)
    .join('/')
    .match(/\/apps\/(web|tv)\/src\/features\/([^/]+)/);
  return m ? `${m[1]}:${m[2]}` : null;
}

const FORBIDDEN_IN_DOMAIN = /^(node:|fs$|path$|react|fastify|kysely|zod|@playz\/(?!domain))/;
const FORBIDDEN_IN_UI = /^(@\/|@playz\/(?!domain$)|react-router|react-i18next|i18next|@tanstack\/)/;

export const boundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      crossFeature: '{{from}} may not import {{to}}: compose features in a route file (CONVENTIONS 6).',
      impureDomain: 'packages/domain is pure: it may not import {{to}}.',
      appInUi: 'packages/ui is shared by web and tv: it may not import {{to}} (pass it in as props).',
      routeToData: 'A route calls a service; it may not import {{to}} (CONVENTIONS 2).',
      moduleInside:
        "Modules meet at their front door (decision 054): import '{{door}}', not {{to}}, or move what both need out of the module.",
      unbudgetedMessage:
        'SMS and mail leave through adapters/paid-messages.ts (the message budgets, decision 050): {{to}} may not be imported here.',
    },
  },
  create(context) {
    const file = context.filename;
    const normalized = file.split(path.sep).join('/');
    const fromFeature = featureOf(file);
    const isDomain = normalized.includes('/packages/domain/src/');
    const uiRoot = normalized.match(/^(.*\/packages\/ui\/src)\//)?.[1] ?? null;
    const isRoute = /\/apps\/server\/src\/modules\/.+\.routes\.ts$/.test(normalized);
    const isServerSource =
      /\/apps\/server\/src\/(app\.ts$|(modules|plugins|lib|jobs|adapters|sessions|streaming)\/)/.test(normalized) &&
      !/\.(test|bench)\.ts$/.test(normalized);
    const ownModule = serverModuleOf(file)?.name ?? null;
    const isServerOutsideAdapters =
      /\/apps\/server\/(src|test)\//.test(normalized) && !normalized.includes('/apps/server/src/adapters/');
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const target = resolveTarget(file, source);
      if (fromFeature && target) {
        const toFeature = featureOf(target);
        if (toFeature && toFeature !== fromFeature)
          context.report({ node, messageId: 'crossFeature', data: { from: fromFeature, to: toFeature } });
      }
      if (isDomain && FORBIDDEN_IN_DOMAIN.test(source))
        context.report({ node, messageId: 'impureDomain', data: { to: source } });
      const leavesUi = uiRoot && target && !target.split(path.sep).join('/').startsWith(`${uiRoot}/`);
      if (uiRoot && (FORBIDDEN_IN_UI.test(source) || leavesUi))
        context.report({ node, messageId: 'appInUi', data: { to: source } });
      const toModule = isServerSource && target ? serverModuleOf(target) : null;
      if (toModule && toModule.name !== ownModule && !toModule.isFrontDoor) {
        const door = source
          .replace(/\/[^/]+$/, '')
          .replace(new RegExp(`(/modules/${toModule.name}|/${toModule.name})/.*$`), '$1');
        context.report({ node, messageId: 'moduleInside', data: { to: source, door } });
      }
      if (isRoute && (/\.repository$/.test(source) || /\/db\//.test(source) || source === 'kysely')) {
        context.report({ node, messageId: 'routeToData', data: { to: source } });
      }
      if (isServerOutsideAdapters && /\/adapters\/(sms\/sms|mail\/mail)\.adapter$/.test(source)) {
        context.report({ node, messageId: 'unbudgetedMessage', data: { to: source } });
      }
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
