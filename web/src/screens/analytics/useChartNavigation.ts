import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { canAccessRoute, type RouteId, type RouteParams } from '../../routes/route-access.js';
import { useSessionUser } from '../../session/useSessionUser.js';

/**
 * Opens the page a chart's bar stands for, when the reader may open it (the guard's own rule); the
 * table beside each chart carries the same links for keyboards and screen readers.
 */
export function useChartNavigation(route: RouteId) {
  const navigate = useNavigate();
  const { user } = useSessionUser();
  return useCallback(
    (to: string, params: RouteParams = {}) => {
      if (user && canAccessRoute(user, route, params)) void navigate(to);
    },
    [navigate, user, route],
  );
}
