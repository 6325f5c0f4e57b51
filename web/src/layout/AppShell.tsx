import { useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useAuthSession } from '../auth/useAuthSession.js';
import { CredentialBanner } from '../components/credential-banner/CredentialBanner.js';
import { useRuntimeConfig } from '../config/runtime.js';
import { useSessionUser } from '../session/useSessionUser.js';
import { LeftNav } from './LeftNav.js';
import { readNavigationOpen, writeNavigationOpen } from './navigation-settings.js';
import { PaletteLauncher } from './palette/PaletteLauncher.js';
import { ProfileMenu } from './ProfileMenu.js';
import { COMPACT_LAYOUT_QUERY, useMediaQuery } from './use-media-query.js';
import './app-shell.css';

/**
 * The frame of every signed-in page but home (spec section 2): left navigation, the credential banner
 * and the page. Each page's route guard runs inside it (the guard needs the page's own route).
 */
export function AppShell() {
  const { user } = useSessionUser();
  const session = useAuthSession();
  const config = useRuntimeConfig();
  const [isWideOpen, setWideOpen] = useState(readNavigationOpen);
  // Below 960 px the navigation is a compact bar whose menu opens on demand, for this page only: it
  // starts closed, and going to another page closes it (the path it was opened on is kept, not a flag).
  const isCompact = useMediaQuery(COMPACT_LAYOUT_QUERY);
  const { pathname } = useLocation();
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  // Without a user record the page's guard sends the user to /error: let it run, without the frame.
  if (!user) return <Outlet />;
  const isOpen = isCompact ? menuOpenedAt === pathname : isWideOpen;
  const toggle = () => {
    if (isCompact) return setMenuOpenedAt(isOpen ? null : pathname);
    writeNavigationOpen(!isOpen);
    setWideOpen(!isOpen);
  };
  const shellState = `${isOpen ? 'meridian-shell-open' : 'meridian-shell-collapsed'}${isCompact ? ' meridian-shell-compact' : ''}`;
  return (
    <div className={`meridian-shell ${shellState}`}>
      <a className="meridian-skip-link" href="#main-content">
        Skip to main content
      </a>
      <LeftNav
        user={user}
        supportPortalUrl={config.supportPortalUrl}
        isOpen={isOpen}
        isCompact={isCompact}
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
