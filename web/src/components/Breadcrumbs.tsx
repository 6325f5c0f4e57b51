import { Classes } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { canAccessRoute, type RouteId, type RouteParams } from '../routes/route-access.js';
import { useSessionUser } from '../session/useSessionUser.js';
import './breadcrumbs.css';

/** One step of the trail: a page above this one, or this page (the last). */
export interface Crumb {
  text: string;
  /** Where the step leads; it is a link only when the viewer may open `route` (else plain text). */
  to?: string;
  route?: RouteId;
  params?: RouteParams;
}

export interface BreadcrumbsProps {
  /** From the top (Organizations) down to this page, which is last and never a link. */
  items: readonly Crumb[];
}

/**
 * Where a detail page sits: "Organizations › Acme Health › Users", in Blueprint's breadcrumb look with
 * router links. Steps the viewer may not open are text, so the trail never leads to a refusal.
 * Blueprint's <Breadcrumbs> component is not used: its overflow list puts a <div> spacer inside the
 * <ol>, which axe reports as a serious list violation; trails this short never need to collapse.
 */
export function Breadcrumbs({ items }: BreadcrumbsProps) {
  const { user } = useSessionUser();
  const mayOpen = (item: Crumb) =>
    item.to !== undefined &&
    (item.route === undefined || (user !== null && canAccessRoute(user, item.route, item.params)));
  return (
    <nav aria-label="Breadcrumb" className="meridian-breadcrumbs">
      <ol className={Classes.BREADCRUMBS}>
        {items.map((item, index) => {
          const current = index === items.length - 1;
          return (
            <li key={`${index}:${item.text}`}>
              {!current && mayOpen(item) ? (
                <Link className={Classes.BREADCRUMB} to={item.to!}>
                  {item.text}
                </Link>
              ) : (
                <span
                  className={`${Classes.BREADCRUMB} ${current ? Classes.BREADCRUMB_CURRENT : ''}`}
                  aria-current={current ? 'page' : undefined}
                >
                  {item.text}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
