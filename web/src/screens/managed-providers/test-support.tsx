import type { Role } from '@meridian/schema';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApolloHarness, signedInSession } from '../../apollo/test-harness.js';
import { testApolloSetup, type StubHandler } from '../../apollo/test-support.js';
import { ToastCenterContext } from '../../components/toasts/ToastProvider.js';
import { ToastCenter } from '../../components/toasts/toast-center.js';
import { RuntimeConfigContext, type RuntimeConfig } from '../../config/runtime.js';
import { sessionUserOf } from '../../routes/test-support.js';
import type { SessionUser } from '../../session/session-user.js';
import { SessionUserContext } from '../../session/session-user-context.js';
import { LIST_KINDS } from './kinds.js';
import ProviderLinksEditPage from './ProviderLinksEditPage.js';
import ProviderLinksPage from './ProviderLinksPage.js';

const CONFIG: RuntimeConfig = {
  productName: 'Meridian',
  gatewayUrl: 'http://gateway.test/graphql',
  oidc: { issuer: 'http://issuer.test', clientId: 'meridian-console' },
  environment: 'local',
};

/** Where the router is (path and search), for tests of URL state and navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Current location">{location.pathname + location.search}</output>;
}

/** A link as the gateway lists it. */
export function linkRow(npi: string, value: string, name = `Dr. ${npi}`) {
  return {
    __typename: 'ProviderLink',
    npi,
    value,
    updatedAt: '2026-03-01T12:00:00.000Z',
    updatedBy: 'orgadmin@acme.test',
    provider: {
      __typename: 'Provider',
      npi,
      name,
      specialty: 'Cardiology',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
    },
  };
}

export function linkList(rows: ReturnType<typeof linkRow>[], total = rows.length, offset = 0) {
  return {
    providerLinks: {
      __typename: 'ProviderLinkList',
      rows,
      pageInfo: { __typename: 'PageInfo', total, limit: 50, offset },
    },
  };
}

/** The gateway's refusal of an unlicensed organization (the directive's error, data null). */
export const FEATURE_UNAVAILABLE_ANSWER = {
  body: {
    data: null,
    errors: [
      {
        message: 'Customer has not licensed the product that enables this feature.',
        extensions: { code: 'FEATURE_UNAVAILABLE', feature: 'feature:managed-providers' },
      },
    ],
  },
};

export interface RenderOptions {
  role?: Role;
  user?: Partial<SessionUser>;
  handlers?: Record<string, StubHandler>;
}

/**
 * The managed providers pages at `url` as the route table mounts them (the guard aside: its own tests
 * cover it), with the real Apollo client on a gateway stub answering by operation name.
 */
export function renderManagedProviders(url: string, { role = 'orgAdmin', user, handlers = {} }: RenderOptions = {}) {
  const { setup, gateway } = testApolloSetup({
    CatalogVersionCheck: () => ({ catalogVersion: 'v1', prCatalogVersion: 'v1' }),
    ProviderLinksProbe: () => linkList([], 12),
    ...handlers,
  });
  const sessionUser = sessionUserOf(role, user);
  // The cache already belongs to the user, as after start-up (else signing in would purge it mid-query).
  setup.persistence.adopt(sessionUser.email);
  const toasts = new ToastCenter();
  const pages = LIST_KINDS.map((kind) => (
    <Route key={kind} path={`/config/:orgId/managed-providers/${kind}`}>
      <Route index element={<ProviderLinksPage kind={kind} />} />
      <Route path="update" element={<ProviderLinksEditPage kind={kind} mode="update" />} />
      <Route path="update/:npi" element={<ProviderLinksEditPage kind={kind} mode="update" />} />
      <Route path="remove" element={<ProviderLinksEditPage kind={kind} mode="remove" />} />
      <Route path="remove/:npi" element={<ProviderLinksEditPage kind={kind} mode="remove" />} />
    </Route>
  ));
  const result = render(
    <RuntimeConfigContext.Provider value={CONFIG}>
      <ToastCenterContext.Provider value={toasts}>
        <ApolloHarness setup={setup} session={signedInSession(sessionUser.email)}>
          <SessionUserContext.Provider value={{ user: sessionUser, loading: false, retry: () => undefined }}>
            <MemoryRouter initialEntries={[url]}>
              <Routes>{pages}</Routes>
              <LocationProbe />
            </MemoryRouter>
          </SessionUserContext.Provider>
        </ApolloHarness>
      </ToastCenterContext.Provider>
    </RuntimeConfigContext.Provider>,
  );
  return { ...result, gateway, toasts };
}
