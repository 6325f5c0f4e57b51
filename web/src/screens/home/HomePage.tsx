import { H1 } from '@blueprintjs/core';
import { useAuthSession } from '../../auth/useAuthSession.js';
import { CredentialBanner } from '../../components/credential-banner/CredentialBanner.js';
import { useRuntimeConfig } from '../../config/runtime.js';
import { supportPortalUrl } from '../../layout/nav-items.js';
import { usePageTitle } from '../../layout/page-title.js';
import { useSessionUser } from '../../session/useSessionUser.js';
import { biPortalButtonState } from '../../lib/bi-portal.js';
import { BiPortalCard } from './BiPortalCard.js';
import { HomeHeader } from './HomeHeader.js';
import { SuccessPortalCard } from './SuccessPortalCard.js';
import './home.css';

/** '/': the BI Portal and Success Portal cards, without the app shell (spec section 2). */
export function HomePage() {
  usePageTitle();
  const { user, loading } = useSessionUser();
  const session = useAuthSession();
  const config = useRuntimeConfig();
  // A refetch of a user already shown keeps the button usable; only a first load shows the spinner.
  const button = biPortalButtonState(user, loading && !user);
  return (
    <div className="meridian-home">
      {user && <HomeHeader user={user} productName={config.productName} onLogout={() => void session.signOut()} />}
      {user && <CredentialBanner user={user} />}
      <main className="meridian-home-main">
        <H1 className="meridian-home-greeting">
          {user ? `Welcome, ${user.name}` : `Welcome to ${config.productName}`}
        </H1>
        <div className="meridian-home-cards">
          <BiPortalCard button={button} />
          <SuccessPortalCard href={supportPortalUrl(config)} />
        </div>
      </main>
    </div>
  );
}

export default HomePage;
