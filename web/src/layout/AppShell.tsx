import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useAuthSession } from '../auth/useAuthSession.js';
import { CredentialBanner } from '../components/credential-banner/CredentialBanner.js';
import { useRuntimeConfig } from '../config/runtime.js';
import { useSessionUser } from '../session/useSessionUser.js';
import { LeftNav } from './LeftNav.js';
import { readNavigationOpen, writeNavigationOpen } from './navigation-settings.js';
import { PaletteLauncher } from './palette/PaletteLauncher.js';
import { ProfileMenu } from './ProfileMenu.js';
import './app-shell.css';

/**
 * The frame of every signed-in page but home (spec section 2): left navigation, the credential banner
 * and the page. Each page's route guard runs inside it (the guard needs the page's own route).
 */
export function AppShell() {
  const { user } = useSessionUser();
  const session = useAuthSession();
  const config = useRuntimeConfig();
  const [isOpen, setOpen] = useState(readNavigationOpen);
  // Without a user record the page's guard sends the user to /error: let it run, without the frame.
  if (!user) return <Outlet />;
  const toggle = () => {
    writeNavigationOpen(!isOpen);
    setOpen(!isOpen);
  };
  return (
    <div className={`meridian-shell ${isOpen ? 'meridian-shell-open' : 'meridian-shell-collapsed'}`}>
      <a className="meridian-skip-link" href="#main-content">
        Skip to main content
      </a>
      <LeftNav
        user={user}
        supportPortalUrl={config.supportPortalUrl}
        isOpen={isOpen}
        onToggle={toggle}
        search={<PaletteLauncher user={user} showLabel={isOpen} />}
        profile={
          <ProfileMenu
            user={user}
            productName={config.productName}
            showName={isOpen}
            onLogout={() => void session.signOut()}
          />
        }
      />
      <div className="meridian-shell-main">
        <CredentialBanner user={user} />
        <main id="main-content" className="meridian-shell-content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export default AppShell;
