// GraphiQL (with Monaco) is large: this module is only ever loaded lazily by the /sandbox route, so it
// and everything below are a chunk of their own that no other page downloads.
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import './sandbox.css';
import { GraphiQL, type GraphiQLProps } from 'graphiql';
import { NonIdealState } from '@blueprintjs/core';
import { ArrowLeftIcon, LockIcon } from '@blueprintjs/icons';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuthSession } from '../auth/useAuthSession.js';
import { useRuntimeConfig } from '../config/runtime.js';
import { usePageTitle } from '../layout/page-title.js';
import { useSessionUser } from '../session/useSessionUser.js';
import { useTheme } from '../theme/useTheme.js';
import { AccessTokenSource, createSandboxFetcher } from './sandbox-fetcher.js';
import { sandboxStorageFor } from './sandbox-storage.js';

/** Shown in a first visit's editor; later visits reopen the user's own tabs. */
export const SANDBOX_DEFAULT_QUERY = `# Runs against the gateway as you,
# with your permissions.
# Docs (book icon): every type and field.
# History (clock icon): what you ran.

query Me {
  viewer {
    email
    name
    role
    organizationName
    permissions
  }
}
`;

/** Why the sandbox does not open (the gateway runs only the console's operations for this user). */
export const SANDBOX_UNAVAILABLE_MESSAGE =
  'On this deployment the gateway runs only the console’s own operations for your account. ' +
  'Internal tools sign in with client credentials to send queries of their own.';

/**
 * /sandbox: GraphiQL against the gateway, signed in as the current user, when the gateway runs the
 * user's own documents (ARBITRARY_DOCUMENTS); otherwise it says why not.
 */
export function SandboxPage() {
  const { gatewayUrl, productName } = useRuntimeConfig();
  const { accessToken, email } = useAuthSession();
  const { theme } = useTheme();
  // The fetcher reads the token when it sends, so a silent renewal needs no new fetcher. It holds the
  // token from the first render on: GraphiQL's first introspection runs before this page's effects.
  const [tokenSource] = useState(() => new AccessTokenSource(accessToken));
  useEffect(() => tokenSource.set(accessToken), [tokenSource, accessToken]);
  usePageTitle('API Sandbox');

  const fetcher = useMemo(
    () => createSandboxFetcher({ url: gatewayUrl, getAccessToken: () => tokenSource.get() }),
    [gatewayUrl, tokenSource],
  ) as GraphiQLProps['fetcher'];
  const storage = useMemo(() => sandboxStorageFor(email ?? 'anonymous'), [email]);
  const { user } = useSessionUser();
  const mayExplore = user?.mayRunOwnDocuments ?? true;

  return (
    <div className="meridian-sandbox">
      <nav className="meridian-sandbox-bar" aria-label="Sandbox">
        <Link to="/" className="meridian-sandbox-back">
          <ArrowLeftIcon aria-hidden /> Back to console
        </Link>
      </nav>
      {/* Keyed by user: another user's tabs and history are never shown, even for a moment. The console's
          theme decides GraphiQL's (forcedTheme also hides GraphiQL's own theme switch). */}
      {mayExplore ? (
        <GraphiQL
          key={email ?? 'anonymous'}
          fetcher={fetcher}
          storage={storage}
          defaultQuery={SANDBOX_DEFAULT_QUERY}
          forcedTheme={theme}
        >
          <GraphiQL.Logo>{productName} API</GraphiQL.Logo>
        </GraphiQL>
      ) : (
        <main className="meridian-sandbox-unavailable">
          <NonIdealState
            icon={<LockIcon size={48} aria-hidden />}
            title="The API sandbox is not available for your account"
            description={SANDBOX_UNAVAILABLE_MESSAGE}
          />
        </main>
      )}
    </div>
  );
}

export default SandboxPage;
