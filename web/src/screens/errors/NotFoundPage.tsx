import { Button, Classes, H1 } from '@blueprintjs/core';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../layout/page-title.js';
import { PATHS } from '../../routes/paths.js';
import { NotFoundIllustration } from './NotFoundIllustration.js';
import './error-pages.css';

export const NOT_FOUND_HEADING = 'Looks like the page you’re looking for is no longer here or may have moved.';

export interface NotFoundPageProps {
  /** Hides 'Go Back' (also set by navigation state `{hideGoBack: true}`). */
  hideGoBack?: boolean;
}

/** The 404 page of spec section 2, without the shell: image, heading, 'Go Back' and 'Visit Homepage'. */
export function NotFoundPage({ hideGoBack = false }: NotFoundPageProps) {
  usePageTitle('Page Not Found');
  const navigate = useNavigate();
  const state = useLocation().state as { hideGoBack?: unknown } | null;
  const showGoBack = !hideGoBack && state?.hideGoBack !== true;
  return (
    <main className="meridian-error-page">
      <NotFoundIllustration />
      <H1 className="meridian-error-heading">{NOT_FOUND_HEADING}</H1>
      <div className="meridian-error-actions">
        {showGoBack && (
          <Button variant="outlined" size="large" onClick={() => void navigate(-1)}>
            Go Back
          </Button>
        )}
        <Link className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY} ${Classes.LARGE}`} to={PATHS.home}>
          <span className={Classes.BUTTON_TEXT}>Visit Homepage</span>
        </Link>
      </div>
    </main>
  );
}

export default NotFoundPage;
