import { Children, isValidElement, Suspense, useContext, useEffect, type ReactNode } from 'react';
import { createRoutesFromElements, matchRoutes, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { RequireSignIn } from '../auth/RequireSignIn.js';
import { lazyPage } from '../components/lazy-page.js';
import { LoadingScreen } from '../components/LoadingScreen.js';
import { ToastCenterContext } from '../components/toasts/ToastProvider.js';
import { installGlobalErrorHandlers } from '../screens/errors/global-error-handlers.js';
import { NotFoundPage } from '../screens/errors/NotFoundPage.js';
import { RouteErrorBoundary } from '../screens/errors/RouteErrorBoundary.js';
import { DevPanels } from '../theme/DevPanels.js';
import { PATHS } from './paths.js';
import { Redirect } from './Redirect.js';
import { RouteGuard } from './RouteGuard.js';
import type { RouteId } from './route-access.js';

// One chunk per screen (and one for the shell), so the sign-in path and home load only what they show.
// lazyPage rather than React.lazy: preloaded (preloadPagesFor), a page renders without suspending.
const HomePage = lazyPage(() => import('../screens/home/HomePage.js'));
const AppShell = lazyPage(() => import('../layout/AppShell.js'));
const ErrorPage = lazyPage(() => import('../screens/errors/ErrorPage.js'));
const ForgotPasswordPage = lazyPage(() => import('../screens/password/ForgotPasswordPage.js'));
const CreatePasswordPage = lazyPage(() => import('../screens/password/CreatePasswordPage.js'));
const ExpiringPasswordPage = lazyPage(() => import('../screens/password/ExpiringPasswordPage.js'));
const SandboxPage = lazyPage(() => import('../sandbox/SandboxPage.js'));
// Screens of the organizations, users, managed providers and analytics areas: one module each.
const OrganizationsPage = lazyPage(() => import('../screens/organizations/OrganizationsPage.js'));
const CreateOrganizationPage = lazyPage(() => import('../screens/organizations/CreateOrganizationPage.js'));
const OrganizationUpdatePage = lazyPage(() => import('../screens/organizations/update/OrganizationUpdatePage.js'));
const OrganizationUsersPage = lazyPage(() => import('../screens/users/OrganizationUsersPage.js'));
const CreateUserPage = lazyPage(() => import('../screens/users/CreateUserPage.js'));
const UserProfilePage = lazyPage(() => import('../screens/users/profile/UserProfilePage.js'));
const ProviderLinksPage = lazyPage(() => import('../screens/managed-providers/ProviderLinksPage.js'));
const ProviderLinksEditPage = lazyPage(() => import('../screens/managed-providers/ProviderLinksEditPage.js'));
const AnalyticsPage = lazyPage(() => import('../screens/analytics/AnalyticsPage.js'));
const ActivityPage = lazyPage(() => import('../screens/activity/ActivityPage.js'));

/** A page behind its route's guard. */
function guarded(route: RouteId, page: ReactNode) {
  return <RouteGuard route={route}>{page}</RouteGuard>;
}

/** The pages of one managed providers kind: its list, and its update and remove screens (bulk or one NPI). */
function providerLinkRoutes(kind: 'aliases' | 'relationships') {
  const edit = (mode: 'update' | 'remove') =>
    guarded('managedProvidersEdit', <ProviderLinksEditPage kind={kind} mode={mode} />);
  return (
    <Route path={kind}>
      <Route index element={<ProviderLinksPage kind={kind} />} />
      <Route path="update" element={edit('update')} />
      <Route path="update/:npi" element={edit('update')} />
      <Route path="remove" element={edit('remove')} />
      <Route path="remove/:npi" element={edit('remove')} />
    </Route>
  );
}

/** Pages inside the shell wait for their code below the navigation, which stays in place. */
function ShellPageSuspense() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Outlet />
    </Suspense>
  );
}

/**
 * The route table of spec section 2. Public: forgot-password, create-password, expiring-password,
 * error and 404. Everything else is behind the sign-in gate and each route's guard; an unknown path
 * goes to 404.
 */
const ROUTE_TABLE = (
  <>
    <Route path={PATHS.forgotPassword} element={<ForgotPasswordPage />} />
    <Route path={PATHS.createPassword} element={<CreatePasswordPage />} />
    <Route path={PATHS.expiringPassword} element={<ExpiringPasswordPage />} />
    <Route path={PATHS.error} element={<ErrorPage />} />
    <Route path={PATHS.notFound} element={<NotFoundPage />} />

    <Route
      element={
        <RequireSignIn>
          <Outlet />
        </RequireSignIn>
      }
    >
      <Route path={PATHS.sandbox} element={guarded('sandbox', <SandboxPage />)} />
      <Route element={<AppShell />}>
        <Route element={<ShellPageSuspense />}>
          {/* Home in the same shell as every page: Search, the navigation and its bottom links (decisions.md). */}
          <Route index element={guarded('home', <HomePage />)} />
          <Route path="config/:orgId/managed-providers" element={guarded('managedProviders', <Outlet />)}>
            <Route index element={<Redirect to="aliases" />} />
            {providerLinkRoutes('aliases')}
            {providerLinkRoutes('relationships')}
          </Route>
          <Route path={PATHS.organizations}>
            <Route index element={guarded('organizations', <OrganizationsPage />)} />
            <Route path="create" element={guarded('createOrganization', <CreateOrganizationPage />)} />
            <Route path=":orgId" element={guarded('organizationUsers', <OrganizationUsersPage />)} />
            <Route path=":orgId/update/*" element={guarded('organizationUpdate', <OrganizationUpdatePage />)} />
            <Route path=":orgId/users/create" element={guarded('createUser', <CreateUserPage />)} />
            <Route path=":orgId/users/:email/profile/*" element={guarded('userProfile', <UserProfilePage />)} />
          </Route>
          <Route path={`${PATHS.analytics}/*`} element={guarded('analytics', <AnalyticsPage />)} />
          <Route path={PATHS.activity} element={guarded('activity', <ActivityPage />)} />
        </Route>
      </Route>
    </Route>

    <Route path="*" element={<Redirect to={PATHS.notFound} />} />
  </>
);

/** Starts loading the lazy modules (layout and page) `element` renders, however deep in guards. */
function preloadIn(element: ReactNode): void {
  Children.forEach(element, (child) => {
    if (!isValidElement<{ children?: ReactNode }>(child)) return;
    const { preload } = child.type as { preload?: () => Promise<unknown> };
    if (typeof preload === 'function') void preload().catch(() => undefined);
    preloadIn(child.props.children);
  });
}

/**
 * Starts loading the code of the pages `pathname` shows (its shell too), so it is there when the
 * loading screen ends: main.tsx calls this at start-up, while the configuration, the user and the cache
 * load. A failed load is left to the route's own render (and its error boundary).
 */
export function preloadPagesFor(pathname: string): void {
  for (const { route } of matchRoutes(createRoutesFromElements(ROUTE_TABLE), pathname) ?? []) preloadIn(route.element);
}

/** The route table (above) under the error boundary, with the developer panels. */
export function AppRoutes() {
  const location = useLocation();
  const toastCenter = useContext(ToastCenterContext);
  useEffect(() => installGlobalErrorHandlers(), []);
  // Toasts of a page left behind go with it (toast-center.ts).
  useEffect(() => toastCenter.pageChanged(location.pathname), [toastCenter, location.pathname]);
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<LoadingScreen />}>
        <Routes>{ROUTE_TABLE}</Routes>
      </Suspense>
      <DevPanels />
    </RouteErrorBoundary>
  );
}
