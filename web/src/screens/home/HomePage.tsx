import { H1 } from '@blueprintjs/core';
import { useRuntimeConfig } from '../../config/runtime.js';
import { supportPortalUrl } from '../../layout/nav-items.js';
import { usePageTitle } from '../../layout/page-title.js';
import { useSessionUser } from '../../session/useSessionUser.js';
import { biPortalButtonState } from '../../lib/bi-portal.js';
import { BiPortalCard } from './BiPortalCard.js';
import { SuccessPortalCard } from './SuccessPortalCard.js';
import './home.css';

/** '/': the BI Portal and Success Portal cards, in the shell as every page (decisions.md). */
export function HomePage() {
  usePageTitle();
  const { user, loading } = useSessionUser();
  const config = useRuntimeConfig();
  // A refetch of a user already shown keeps the button usable; only a first load shows the spinner.
  const button = biPortalButtonState(user, loading && !user);
  return (
    <div className="meridian-home">
      <H1 className="meridian-home-greeting">{user ? `Welcome, ${user.name}` : `Welcome to ${config.productName}`}</H1>
      <div className="meridian-home-cards">
        <BiPortalCard button={button} />
        <SuccessPortalCard href={supportPortalUrl(config)} />
      </div>
    </div>
  );
}

export default HomePage;
