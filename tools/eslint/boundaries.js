// A small ESLint rule that keeps features and layers apart (CONVENTIONS 6, ARCHITECTURE layout):
// - web and tv features never import another feature (route files in app/ compose them);
// - packages/domain imports nothing but itself (pure rules, no I/O, no framework);
// - packages/ui (primitives shared by web and tv) imports React and domain only: no app code,
//   API, router or i18n, so both apps can use it as they are;
// - in server modules, routes do not reach repositories or the database: they call services;
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
