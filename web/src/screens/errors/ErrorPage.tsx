import { Button, Classes, H1 } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';
import { MESSAGES } from '@meridian/schema';
import { useContext } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { AuthSessionContext } from '../../auth/auth-session.js';
import { usePageTitle } from '../../layout/page-title.js';
import { PATHS } from '../../routes/paths.js';
import './error-pages.css';

/** The message a navigation to /error carries (`navigate('/error', {state: {message}})`). */
export function errorMessageOf(state: unknown): string {
  const message = (state as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : MESSAGES.defaultErrorPage;
}

/** /error: shows the message passed in navigation state, default 'Something went wrong!' (spec section 2). */
export function ErrorPage() {
  usePageTitle('Error');
  const message = errorMessageOf(useLocation().state);
  // A signed-in user the platform does not know would only come back here from home: let them sign out.
  const session = useContext(AuthSessionContext);
  return (
    <main className="meridian-error-page">
      <ErrorIcon size={48} className={Classes.TEXT_MUTED} aria-hidden />
      <H1 className="meridian-error-heading">{message}</H1>
      <div className="meridian-error-actions">
        <Link className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY} ${Classes.LARGE}`} to={PATHS.home}>
          <span className={Classes.BUTTON_TEXT}>Visit Homepage</span>
        </Link>
        {session?.status === 'signed-in' && (
          <Button variant="outlined" size="large" onClick={() => void session.signOut()}>
            Sign out
          </Button>
        )}
      </div>
    </main>
  );
}

export default ErrorPage;
