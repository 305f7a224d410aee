import { Link, useLocation, type RouteObject } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { DIALOG_MARKERS, DIALOG_OPENED_STATE, DIALOG_ROUTES, dialogTo, useIsMobileLayout } from '@/lib/dialog-route';
import { routes } from '../router';

/** Every path of the route tree, children joined to their parents; '*' is the not-found catch-all. */
export function listRoutePaths(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const own = route.index ? parent || '/' : route.path ? joinPath(parent, route.path) : parent;
    const children = route.children ? listRoutePaths(route.children, own) : [];
    const isListed = (route.index || route.path) && !own.endsWith('*');
    return isListed ? [own, ...children] : children;
  });
}

const joinPath = (parent: string, path: string) =>
  path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;

/** A parameterised path made visitable with sample values (/content/:contentId/:slug -> /content/1/exemple). */
export const samplePath = (path: string) =>
  path.replace(/:(\w+)/g, (_match, name: string) => (/id$/i.test(name) ? '1' : 'exemple'));

function groupOf(path: string): string {
  return path === '/' ? '/' : `/${path.split('/')[1]}`;
}

/**
 * /test (spec 1 §2): a developer page listing every route of the router and every popup, as
 * links. Pages come from the route table itself, so a new route shows up here on its own.
 */
export function TestRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const isMobile = useIsMobileLayout();
  const paths = [...new Set(listRoutePaths(routes))].sort();
  const groups = new Map<string, string[]>();
  for (const path of paths) groups.set(groupOf(path), [...(groups.get(groupOf(path)) ?? []), path]);

  return (
    <article className="info-page test-page" aria-labelledby="test-title">
      <h1 className="info-page__title" id="test-title">
        {t('test.title')}
      </h1>
      <p className="info-page__intro">{t('test.intro')}</p>
      <section className="info-section" aria-labelledby="test-pages">
        <h2 className="info-section__title" id="test-pages">
          {t('test.pages')}
        </h2>
        <div className="test-page__groups">
          {[...groups].map(([group, groupPaths]) => (
            <div key={group} className="test-page__group">
              <h3 className="test-page__group-title">{group}</h3>
              <ul className="test-page__list">
                {groupPaths.map((path) => (
                  <li key={path}>
                    <Link to={samplePath(path)} className="text-link">
                      {path}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
      <section className="info-section" aria-labelledby="test-dialogs">
        <h2 className="info-section__title" id="test-dialogs">
          {t('test.dialogs')}
        </h2>
        <ul className="test-page__list test-page__list--columns">
          {DIALOG_ROUTES.map((name) => (
            <li key={name}>
              <Link to={dialogTo(name, location, isMobile)} state={DIALOG_OPENED_STATE} className="text-link">
                #{name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="info-section" aria-labelledby="test-markers">
        <h2 className="info-section__title" id="test-markers">
          {t('test.markers')}
        </h2>
        <ul className="test-page__list test-page__list--columns">
          {DIALOG_MARKERS.map((name) => (
            <li key={name}>
              <Link to={dialogTo(name, location, isMobile)} state={DIALOG_OPENED_STATE} className="text-link">
                #{name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
