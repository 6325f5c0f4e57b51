import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { canAccessRoute, type RouteId, type RouteParams } from '../routes/route-access.js';
import { useSessionUser } from '../session/useSessionUser.js';

export interface RouteLinkProps {
  /** The route `to` opens: the link shows only when the viewer's role may open it (the guard's own rule). */
  route: RouteId;
  /** The route's parameters the rule looks at (an org role reaches only its own organization). */
  params?: RouteParams;
  to: string;
  children: ReactNode;
  /** The accessible name when the text alone is ambiguous. */
  'aria-label'?: string;
  className?: string;
}

/**
 * A name that leads to its page: a router link when the signed-in user may open that page, else the
 * same text, so nobody is offered a link that ends in "You do not have permission".
 */
export function RouteLink({ route, params, to, children, ...rest }: RouteLinkProps) {
  const { user } = useSessionUser();
  if (!user || !canAccessRoute(user, route, params)) return <>{children}</>;
  return (
    <Link to={to} {...rest}>
      {children}
    </Link>
  );
}
