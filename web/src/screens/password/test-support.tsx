import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Observable } from 'rxjs';
import { AuthSessionContext, type AuthSession } from '../../auth/auth-session.js';
import { ToastCenterContext } from '../../components/toasts/ToastProvider.js';
import { ToastCenter } from '../../components/toasts/toast-center.js';
import { RuntimeConfigContext, type RuntimeConfig } from '../../config/runtime.js';
import { SessionUserContext, type SessionUserState } from '../../session/session-user-context.js';

export const TEST_CONFIG: RuntimeConfig = {
  productName: 'Meridian',
  gatewayUrl: 'http://gateway.test/graphql',
  oidc: { issuer: 'http://issuer.test', clientId: 'meridian-console' },
  environment: 'local',
};

/** How the gateway answers one operation: its `data`, or a thrown error (as a transport failure would). */
export type Answer = (variables: Record<string, unknown>) => Record<string, unknown>;

/**
 * A link answering operations by name with what the gateway answers (same shapes and messages), and
 * recording what was sent, so a page's test sees its variables and its handling of each answer.
 */
export function gatewayLink(answers: Record<string, Answer>) {
  const sent: { operationName: string; variables: Record<string, unknown> }[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const name = operation.operationName ?? '';
        sent.push({ operationName: name, variables: operation.variables });
        const answer = answers[name];
        try {
          if (!answer) throw new Error(`No answer for ${name}`);
          observer.next({ data: answer(operation.variables) });
          observer.complete();
        } catch (error) {
          observer.error(error);
        }
      }),
  );
  return { link, sent };
}

/** Shows where the router is, so a test can tell a navigation happened. */
function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Current location">{location.pathname + location.search}</output>;
}

export interface RenderPageOptions {
  path: string;
  /** The URL the page is opened at (default: path). */
  url?: string;
  state?: unknown;
  link: ApolloLink;
  /** The signed-in state (default: signed out). */
  auth?: Partial<AuthSession>;
  session?: Partial<SessionUserState>;
  toasts?: ToastCenter;
}

const SIGNED_OUT: AuthSession = {
  status: 'signed-out',
  accessToken: null,
  expiresAt: null,
  email: null,
  signInUnderWay: false,
  signOutReason: null,
  signInError: null,
  signIn: () => undefined,
  signOut: () => Promise.resolve(),
};

/** Renders a page as the router would, with the runtime config and an Apollo client on `link`. */
export function renderPage(page: ReactElement, { path, url, state, link, auth, session, toasts }: RenderPageOptions) {
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  const [pathname, search] = (url ?? path).split('?');
  return render(
    <RuntimeConfigContext.Provider value={TEST_CONFIG}>
      <ToastCenterContext.Provider value={toasts ?? new ToastCenter()}>
        <AuthSessionContext.Provider value={{ ...SIGNED_OUT, ...auth }}>
          <SessionUserContext.Provider value={{ user: null, loading: false, retry: () => undefined, ...session }}>
            <ApolloProvider client={client}>
              <MemoryRouter initialEntries={[{ pathname: pathname!, search: search ? `?${search}` : '', state }]}>
                <Routes>
                  <Route path={path} element={page} />
                  <Route path="*" element={<p>Elsewhere</p>} />
                </Routes>
                <LocationProbe />
              </MemoryRouter>
            </ApolloProvider>
          </SessionUserContext.Provider>
        </AuthSessionContext.Provider>
      </ToastCenterContext.Provider>
    </RuntimeConfigContext.Provider>,
  );
}
