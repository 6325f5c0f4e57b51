import { Breadcrumbs as BlueprintBreadcrumbs, Classes, type BreadcrumbProps } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import './breadcrumbs.css';
import { canAccessRoute, type RouteId, type RouteParams } from '../routes/route-access.js';
import { useSessionUser } from '../session/useSessionUser.js';

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

/** A step as a router link (Blueprint's own renders a plain anchor, which would reload the console). */
function renderCrumb({ text, href, current }: BreadcrumbProps) {
  if (href && !current)
    return (
      <Link className={Classes.BREADCRUMB} to={href}>
        {text}
      </Link>
    );
  return (
    <span
      className={`${Classes.BREADCRUMB} ${current ? Classes.BREADCRUMB_CURRENT : ''}`}
      aria-current={current ? 'page' : undefined}
    >
      {text}
    </span>
  );
}

/**
 * Where a detail page sits: "Organizations › Acme Health › Users". Steps the viewer may not open are
 * shown as text, so the trail never leads to a refusal. Short trails never collapse into a menu.
 */
export function Breadcrumbs({ items }: BreadcrumbsProps) {
  const { user } = useSessionUser();
  const crumbs: BreadcrumbProps[] = items.map((item, index) => {
    const current = index === items.length - 1;
    const reachable =
      item.to !== undefined &&
      (item.route === undefined || (user !== null && canAccessRoute(user, item.route, item.params)));
    return { text: item.text, current, ...(reachable && !current ? { href: item.to } : {}) };
  });
  return (
    // Blueprint's own <nav aria-label="Breadcrumb"> is the landmark.
    <BlueprintBreadcrumbs
      className="meridian-breadcrumbs"
      items={crumbs}
      minVisibleItems={crumbs.length}
      breadcrumbRenderer={renderCrumb}
    />
  );
}
