import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { RequireSignIn } from '../auth/RequireSignIn.js';
import { LoadingScreen } from '../components/LoadingScreen.js';
import { installGlobalErrorHandlers } from '../screens/errors/global-error-handlers.js';
import { NotFoundPage } from '../screens/errors/NotFoundPage.js';
import { RouteErrorBoundary } from '../screens/errors/RouteErrorBoundary.js';
import { DevPanels } from '../theme/DevPanels.js';
import { PATHS } from './paths.js';
import { RouteGuard } from './RouteGuard.js';
import type { RouteId } from './route-access.js';

// One chunk per screen (and one for the shell), so the sign-in path and home load only what they show.
const HomePage = lazy(() => import('../screens/home/HomePage.js'));
const AppShell = lazy(() => import('../layout/AppShell.js'));
const ErrorPage = lazy(() => import('../screens/errors/ErrorPage.js'));
const ForgotPasswordPage = lazy(() => import('../screens/password/ForgotPasswordPage.js'));
const CreatePasswordPage = lazy(() => import('../screens/password/CreatePasswordPage.js'));
const ExpiringPasswordPage = lazy(() => import('../screens/password/ExpiringPasswordPage.js'));
const SandboxPage = lazy(() => import('../sandbox/SandboxPage.js'));
// Screens of the organizations, users, managed providers and analytics areas: one module each.
const OrganizationsPage = lazy(() => import('../screens/organizations/OrganizationsPage.js'));
const CreateOrganizationPage = lazy(() => import('../screens/organizations/CreateOrganizationPage.js'));
const OrganizationUpdatePage = lazy(() => import('../screens/organizations/update/OrganizationUpdatePage.js'));
const OrganizationUsersPage = lazy(() => import('../screens/users/OrganizationUsersPage.js'));
const CreateUserPage = lazy(() => import('../screens/users/CreateUserPage.js'));
const UserProfilePage = lazy(() => import('../screens/users/profile/UserProfilePage.js'));
const ProviderLinksPage = lazy(() => import('../screens/managed-providers/ProviderLinksPage.js'));
const ProviderLinksEditPage = lazy(() => import('../screens/managed-providers/ProviderLinksEditPage.js'));
const AnalyticsPage = lazy(() => import('../screens/analytics/AnalyticsPage.js'));
const ActivityPage = lazy(() => import('../screens/activity/ActivityPage.js'));

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
export function AppRoutes() {
  const location = useLocation();
  useEffect(() => installGlobalErrorHandlers(), []);
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<LoadingScreen />}>
        <Routes>
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
            <Route index element={guarded('home', <HomePage />)} />
            <Route path={PATHS.sandbox} element={guarded('sandbox', <SandboxPage />)} />
            <Route element={<AppShell />}>
              <Route element={<ShellPageSuspense />}>
                <Route path="config/:orgId/managed-providers" element={guarded('managedProviders', <Outlet />)}>
                  <Route index element={<Navigate to="aliases" replace />} />
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

          <Route path="*" element={<Navigate to={PATHS.notFound} replace />} />
        </Routes>
      </Suspense>
      <DevPanels />
    </RouteErrorBoundary>
  );
}
